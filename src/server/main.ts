/**
 * The production entry point (`npm start`). It only sets the process up and starts the server
 * bundle that `astro build` wrote: all server code runs from that one bundle (src/server/entry.ts,
 * src/server/boot.ts), so no module is loaded twice.
 * Node runs this file directly (type stripping).
 */
// Production mode for everything the bundle loads: React picks its production server renderer
// from NODE_ENV when it is first required, which is below.
process.env.NODE_ENV = 'production';
// The adapter must not start a server of its own: boot.ts serves its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

export {};

// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once dist/ exists: the error is there only before a build
// @ts-ignore -- the build output has no type declarations; it exists once `astro build` has run.
const bundle: { serve(): Promise<void> } = await import('../../dist/server/entry.mjs');
await bundle.serve();

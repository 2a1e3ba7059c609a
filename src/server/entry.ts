/**
 * The server bundle's entry (dist/server/entry.mjs). It is the Node adapter's own entry plus
 * `serve`, the boot code: the adapter's handler, the database, the caches and the HTTP server
 * are then one module graph at runtime, so each module (and each cache or handle it holds)
 * exists once. astro.config.mjs points the adapter's entry here; src/server/main.ts only imports
 * this bundle and calls serve(). See docs/decisions/0013-one-server-module-graph.md.
 */
import { handler } from '@astrojs/node/server.js';
import { startServer } from './boot.ts';

export { handler, options, startServer as startAdapterServer } from '@astrojs/node/server.js';

export function serve(): Promise<void> {
  return startServer((req, res) => void handler(req, res));
}

/**
 * Starts the server as src/server/main.ts does once built (src/server/boot.ts), with a bare page
 * handler in place of Astro's: for tests of what a start does to DATA_DIR, without a build.
 * Run with tsx (the server code imports .tsx views); configured by its environment.
 */
import { startServer } from '../../src/server/boot.ts';

await startServer((_request, response) => response.end('ok'));

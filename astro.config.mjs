// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { pageRoutes } from './tools/page-routes.mjs';

const SERVER_ENTRY = fileURLToPath(new URL('./src/server/entry.ts', import.meta.url));

/**
 * The server bundle's entry is src/server/entry.ts (the adapter's entry plus our boot code), so
 * the running server is one module graph: docs/decisions/0013-one-server-module-graph.md.
 * The adapter names its own entry as the build input; this swaps in ours, which re-exports it.
 */
function serverEntry() {
  return {
    name: 'summit:server-entry',
    enforce: /** @type {const} */ ('pre'),
    /** @param {string} id @param {string | undefined} importer */
    resolveId(id, importer) {
      if (id === '@astrojs/node/server.js' && importer === undefined) return SERVER_ENTRY;
      return null;
    },
  };
}

// Astro hashes its own scripts and styles into the Content-Security-Policy header of every
// server-rendered page; src/middleware.ts adds the frame rules, which differ per route.
export default defineConfig({
  output: 'server',
  // Pages render whole before they are sent: their CSP header then includes hashes added while
  // rendering (the brand's colour style), and responses get a Content-Length.
  // No request body may exceed 4 MB (the largest real one is a 2 MB upload or import); each
  // endpoint also has its own, tighter limit.
  adapter: node({ mode: 'standalone', experimentalDisableStreaming: true, bodySizeLimit: 4 * 1024 * 1024 }),
  integrations: [react()],
  // Public pages and endpoints opt in with sharePublicly() (src/server/http/responses.ts); the
  // provider keeps them in this process, bounded in entries and bytes (docs/decisions/0014).
  cache: {
    provider: {
      name: 'summit-route-cache',
      entrypoint: './src/server/caching/route-cache.ts',
      config: {
        maxEntries: 2000,
        maxBytes: 48 * 1024 * 1024,
        maxEntryBytes: 2 * 1024 * 1024,
        // The only query parameters any cached route reads (the content API); others never make an entry.
        queryKeys: ['summit', 'view'],
        // A page that can no longer be rendered (the database is down) answers its last good
        // copy, marked stale, for up to a day after it was stored (docs/decisions/0022).
        staleIfErrorSeconds: 24 * 60 * 60,
      },
    },
  },
  // No Astro markdown pages: content markdown goes through src/markup/safe-html.ts.
  markdown: { syntaxHighlight: false },
  server: { port: 4321, host: true },
  security: {
    // Our middleware checks the Origin of writes against the site's origin from SITE_URL or a
    // trusted proxy (src/server/http/request-origin.ts); Astro's check knows only the socket.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss(), serverEntry(), pageRoutes()],
    // Server-only packages stay in node_modules instead of being bundled.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'] },
  },
});

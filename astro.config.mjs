// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

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
  // No Astro markdown pages: content markdown goes through src/domain/markup.ts.
  markdown: { syntaxHighlight: false },
  server: { port: 4321, host: true },
  security: {
    checkOrigin: true,
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
    plugins: [tailwindcss()],
    // Server-only packages stay in node_modules instead of being bundled.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'] },
  },
});

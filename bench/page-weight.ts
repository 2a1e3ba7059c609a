/**
 * Page weight: the JavaScript and HTML a visitor downloads, per page, gzipped (how a CDN or
 * proxy serves them). Compared in the same run against the React client runtime bundled and
 * minified the way an island would ship it: the cost a React island would add to a page.
 * Usage: node bench/page-weight.ts (after `astro build`); prints JSON, writes nothing.
 */
import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';

const PAGES = [
  '/',
  '/register',
  '/thank-you',
  '/july/day-1',
  '/september/dashboard',
  '/august/speakers-embed',
  '/september/bonus-bundle-embed',
];
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function reactRuntimeGzipBytes(): Promise<number> {
  const result = await build({
    stdin: {
      contents:
        "import { hydrateRoot } from 'react-dom/client'; import { createElement } from 'react'; hydrateRoot(document.body, createElement('div'));",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

async function measure(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results: Record<string, { jsGzip: number; jsRaw: number; jsFiles: number; htmlGzip: number; htmlRaw: number }> = {};
  try {
    for (const pagePath of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const scripts: Buffer[] = [];
        page.on('response', async (response) => {
          if (response.request().resourceType() === 'script') scripts.push(await response.body());
        });
        const response = await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
        const html = (await response?.body()) ?? Buffer.alloc(0);
        await page.waitForTimeout(100);
        // Astro inlines small scripts into the HTML: they count as JavaScript too.
        const inline = await page.$$eval('script:not([src])', (nodes) => nodes.map((node) => node.textContent ?? ''));
        scripts.push(...inline.filter(Boolean).map((code) => Buffer.from(code)));
        runs.push({
          jsGzip: scripts.reduce((sum, s) => sum + gzipSync(s).length, 0),
          jsRaw: scripts.reduce((sum, s) => sum + s.length, 0),
          jsFiles: scripts.length,
          htmlGzip: gzipSync(html).length,
          htmlRaw: html.length,
        });
        await context.close();
      }
      results[pagePath] = {
        jsGzip: median(runs.map((r) => r.jsGzip)),
        jsRaw: median(runs.map((r) => r.jsRaw)),
        jsFiles: median(runs.map((r) => r.jsFiles)),
        htmlGzip: median(runs.map((r) => r.htmlGzip)),
        htmlRaw: median(runs.map((r) => r.htmlRaw)),
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summit-bench-')), 'data');
const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
try {
  const pages = await measure(server.url);
  const loader = Buffer.from(await (await fetch(`${server.url}/embed.js`)).arrayBuffer());
  console.log(
    JSON.stringify(
      {
        runs: RUNS,
        pages,
        embedLoader: { raw: loader.length, gzip: gzipSync(loader).length },
        reactRuntimeGzip: await reactRuntimeGzipBytes(),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

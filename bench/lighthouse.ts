/**
 * Lighthouse (mobile and desktop, Debian's Chromium) on the main pages: performance score, LCP,
 * TBT, CLS, bytes transferred and JavaScript bytes; the median of RUNS runs each. Prints JSON.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median, RUNS, startApp } from './support.ts';

/** One page of every family a visitor, registrant, partner or host opens without signing in. */
const PAGES = [
  '/',
  '/register',
  '/thank-you',
  '/access',
  '/july/day-1',
  '/september/dashboard',
  '/august/speakers-embed',
  '/embed',
  '/setup-guide',
  '/brand-config',
];
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  scriptBytes: number;
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result!.lhr;
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    transferBytes: items.find((i) => i.resourceType === 'total')?.transferSize ?? 0,
    scriptBytes: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
}

const app = await startApp();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
try {
  const results = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${app.url}${page}`, chrome.port, formFactor));
      const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
      results.push({
        formFactor,
        page,
        score: pick('score'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        transferBytes: pick('transferBytes'),
        scriptBytes: pick('scriptBytes'),
      });
    }
  }
  console.log(JSON.stringify({ runs: RUNS, results }, null, 2));
} finally {
  chrome.kill();
  await app.stop();
  app.remove();
}

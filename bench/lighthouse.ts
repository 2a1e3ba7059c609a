/**
 * Lighthouse (mobile and desktop, Debian's Chromium with the browser tests' flags) on the main
 * pages: performance score, LCP, TBT, CLS, bytes transferred and JavaScript bytes, and where the
 * main thread's time went (Lighthouse's main-thread work breakdown, ms after its CPU
 * slowdown); the median of RUNS runs each. Prints JSON.
 *
 * BENCH_APP_URL measures a server already running (a production build) instead of starting
 * one; BENCH_PAGES (comma-separated paths) and BENCH_FORM_FACTORS (`mobile`, `desktop` or both)
 * narrow the sweep, for measuring one change at a time.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS } from '../tests/e2e/support/chromium-flags.ts';
import { median, RUNS, startApp } from './support.ts';

/** One page of every family a visitor, registrant, partner or host opens without signing in. */
const ALL_PAGES = [
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
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ALL_PAGES;
const FORM_FACTORS = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
/** Playwright adds `--headless` to the tests' flags; chrome-launcher does not. */
const FLAGS = ['--headless', ...CHROMIUM_FLAGS];

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  scriptBytes: number;
  /** Main-thread time by Lighthouse's groups (styleLayout, scriptEvaluation, other, ...), ms. */
  mainThread: Record<string, number>;
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result!.lhr;
  // A page that failed to load (an error status, a server gone) has no score: stop, do not count it as 0.
  if (lhr.runtimeError || lhr.categories.performance?.score == null) throw new Error(`${url}: ${lhr.runtimeError?.message ?? 'no score'}`);
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const groups =
    (lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
  return {
    mainThread: Object.fromEntries(groups.map((g) => [g.group, Math.round(g.duration)])),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    transferBytes: items.find((i) => i.resourceType === 'total')?.transferSize ?? 0,
    scriptBytes: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
}

/** Lighthouse now and then loses a run's trace (NO_NAVSTART) on a busy machine: run that one again, twice at most. */
async function auditWithRetry(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`again after: ${(error as Error).message}`);
    }
  }
}

const app = process.env.BENCH_APP_URL ? { url: process.env.BENCH_APP_URL, stop: async () => {}, remove: () => {} } : await startApp();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
try {
  const results = [];
  for (const formFactor of FORM_FACTORS) {
    for (const page of PAGES) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${app.url}${page}`, chrome.port, formFactor));
      const pick = (key: Exclude<keyof Figures, 'mainThread'>) => median(runs.map((r) => r[key]));
      const groups = [...new Set(runs.flatMap((r) => Object.keys(r.mainThread)))];
      results.push({
        formFactor,
        page,
        score: pick('score'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        transferBytes: pick('transferBytes'),
        scriptBytes: pick('scriptBytes'),
        mainThread: Object.fromEntries(groups.map((g) => [g, median(runs.map((r) => r.mainThread[g] ?? 0))])),
        tbtRuns: runs.map((r) => Math.round(r.tbtMs)),
      });
      if (process.env.BENCH_VERBOSE) console.error(JSON.stringify(results.at(-1)));
    }
  }
  console.log(JSON.stringify({ runs: RUNS, results }, null, 2));
} finally {
  chrome.kill();
  await app.stop();
  app.remove();
}

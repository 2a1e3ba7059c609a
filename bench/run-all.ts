/**
 * npm run bench: runs every benchmark script (after `astro build`) and writes bench/RESULTS.md
 * with the figures, the machine, the date and the budgets they are measured against.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machine, RUNS } from './support.ts';
import { memorySection } from './memory-section.ts';
import { throughputSection } from './throughput-section.ts';
import { webhooksSection } from './webhooks-section.ts';
import { RUNTIME_ENV, RUNTIME_FLAGS } from '../src/server/runtime-flags.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Run only these scripts (comma-separated), taking the others' figures from bench/.last/. */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

/** A script's JSON, kept in bench/.last/ so a failure later does not lose what was measured. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON each bench script prints: every section below reads the fields it reports
function run(script: string): any {
  const last = path.join(here, '.last', `${script}.json`);
  if (only && !only.includes(script) && fs.existsSync(last)) {
    process.stderr.write(`bench: ${script} (from the last run)\n`);
    return JSON.parse(fs.readFileSync(last, 'utf8'));
  }
  process.stderr.write(`bench: ${script}\n`);
  const output = execFileSync(process.execPath, [path.join(here, script)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(output.slice(output.indexOf('{')));
  fs.mkdirSync(path.join(here, '.last'), { recursive: true });
  fs.writeFileSync(path.join(here, '.last', `${script}.json`), JSON.stringify(result, null, 2));
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

type FeedResult = {
  name: string;
  bytes: number;
  appRps: number;
  appP99: number;
  appMBps: number;
  nginxRps: number;
  nginxP99: number;
  nginxMBps: number;
  ratio: number;
  errors: number;
  nginxErrors: number;
};

/** The private feed (bench/feed.ts): polls and audio ranges next to nginx with the same bytes. */
function feedSection(result: {
  connections: number;
  durationS: number;
  feedBytes: number;
  audioBytes: number;
  results: FeedResult[];
}): string[] {
  return [
    '## Private feed and audio (`bench/feed.ts`)',
    '',
    `autocannon, ${result.connections} connections, ${result.durationS} s per run; one registrant's feed (${result.feedBytes} B) and a demo episode (${result.audioBytes} B); nginx serves the same feed document and audio file (its own ETag for the 304 case) in the same run.`,
    '',
    '| Request | Body | App req/s | App MB/s | App p99 | nginx req/s | nginx MB/s | nginx p99 | App / nginx | Wrong answers (app / nginx) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...result.results.map(
      (r) =>
        `| ${r.name} | ${r.bytes} B | ${Math.round(r.appRps)} | ${r.appMBps.toFixed(1)} | ${r.appP99} ms | ${Math.round(r.nginxRps)} | ${r.nginxMBps.toFixed(1)} | ${r.nginxP99} ms | 1/${(1 / r.ratio).toFixed(1)} (${(r.ratio * 100).toFixed(0)}%) | ${r.errors} / ${r.nginxErrors} |`,
    ),
    '',
    `Goal: at least a third of nginx. ${result.results.map((r) => `${r.name}: ${met(r.ratio >= 1 / 3)}`).join('; ')}.`,
    '',
  ];
}

const weight = run('page-weight.ts');
const throughput = run('throughput.ts');
const registrations = run('registrations.ts');
const imported = run('import.ts');
const probed = run('import-probes.ts');
const cold = run('cold-start.ts');
const feed = run('feed.ts');
const lighthouseResults = process.env.BENCH_SKIP_LIGHTHOUSE ? null : run('lighthouse.ts');
const mail = run('mail.ts');
const webhooks = run('webhooks.ts');
const memory = run('memory.ts');

const lines: string[] = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machine()}. Each figure is the median of ${RUNS} runs unless stated; every comparison was measured in the same run. The app runs as \`npm start\` runs it (production build, embedded database unless Postgres is named), on loopback.`,
  '',
  '## Page weight (`bench/page-weight.ts`)',
  '',
  '| Page | JavaScript (gzip) | HTML (gzip) | HTML (raw) |',
  '|---|---|---|---|',
  ...Object.entries(weight.pages as Record<string, { jsGzip: number; htmlGzip: number; htmlRaw: number }>).map(
    ([page, f]) => `| \`${page}\` | ${f.jsGzip} B | ${f.htmlGzip} B | ${f.htmlRaw} B |`,
  ),
  `| \`/embed.js\` (partner loader) | ${weight.embedLoader.gzip} B | — | ${weight.embedLoader.raw} B raw |`,
  '',
  `Compared in the same run: the React 19 client runtime, bundled and minified as one island would ship it: ${weight.reactRuntimeGzip} B gzipped.`,
  `Budgets: JS on \`/\` under 15 KB gzipped: ${met(weight.pages['/'].jsGzip < 15 * 1024)}; on a widget under 3 KB: ${met(weight.pages['/august/speakers-embed'].jsGzip < 3 * 1024)}; the loader under 2 KB: ${met(weight.embedLoader.gzip < 2 * 1024)}; HTML of \`/\` under 30 KB gzipped: ${met(weight.pages['/'].htmlGzip < 30 * 1024)}.`,
  '',
  ...throughputSection(throughput),
  '## Registrations under load (`bench/registrations.ts`)',
  '',
  `${registrations.clients} concurrent clients for ${registrations.durationS} s per run.`,
  '',
  '| Database | Registrations/s | Acknowledged (all runs) | Stored of those |',
  '|---|---|---|---|',
  ...registrations.results.map(
    (r: { driver: string; perSecond: number; acknowledged: number; stored: number }) =>
      `| ${r.driver === 'pglite' ? 'PGlite (embedded)' : 'Postgres'} | ${Math.round(r.perSecond)} | ${r.acknowledged} | ${r.stored} (${r.stored === r.acknowledged ? 'all' : '**missing some**'}) |`,
  ),
  '',
  '## Registrant import (`bench/import.ts`)',
  '',
  `${imported.rows} new rows (${imported.bytes} B of CSV, one in ten consenting, one in fifty with a pass), PGlite in a folder, no webhook endpoint; the same file imported a second time must change nothing.`,
  '',
  '| Dry run | Import | Same file again | Peak RSS |',
  '|---|---|---|---|',
  `| ${imported.dryRunSeconds.toFixed(1)} s | ${imported.importSeconds.toFixed(1)} s | ${imported.againSeconds.toFixed(1)} s | ${imported.peakRssMb} MB |`,
  '',
  `Goal: 100,000 rows imported in under a minute: ${met(imported.rows >= 100_000 && imported.importSeconds < 60)}.`,
  '',
  '## The site during an import (`bench/import-probes.ts`)',
  '',
  `${probed.rows} rows sent to the API of the built site (PGlite in a folder), imported in the background in ${probed.importSeconds} s (peak RSS ${probed.peakRssMb} MB); each path asked every 100 ms while it ran.`,
  '',
  '| Path | Probes | p50 | p99 | max | Not 200 |',
  '|---|---|---|---|---|---|',
  ...Object.entries(probed.paths as Record<string, { probes: number; p50: number; p99: number; max: number; notOk: number }>).map(
    ([probe, f]) => `| \`${probe}\` | ${f.probes} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.notOk} |`,
  ),
  '',
  `Goal: p99 under 200 ms for each path while 100,000 rows import: ${met(
    probed.rows >= 100_000 &&
      Object.values(probed.paths as Record<string, { p99: number; notOk: number }>).every((f) => f.p99 < 200 && f.notOk === 0),
  )}.`,
  '',
  '## Cold start (`bench/cold-start.ts`)',
  '',
  '| Data folder | Start to first 200 |',
  '|---|---|',
  `| New (create, migrate, seed) | ${ms(cold.newFolderMs)} |`,
  `| Existing | ${ms(cold.existingFolderMs)} |`,
  '',
  ...feedSection(feed),
  '## Mail throughput (`bench/mail.ts`)',
  '',
  `${mail.count} registrants whose "day 1 is open" falls due at once, one app process on PGlite, a local SMTP sink (smtp-server on loopback, nothing parsed). Time from starting the server (boot included) until the sink has accepted every message; one run.`,
  '',
  '| Messages | Delivered | Duplicates | Seconds | Messages per second | RSS min / max |',
  '|---|---|---|---|---|---|',
  `| ${mail.count} | ${mail.delivered} | ${mail.duplicates} | ${mail.seconds} | ${mail.perSecond} | ${mail.rssMb.min} / ${mail.rssMb.max} MB |`,
  '',
  `Goal: at least 200 messages per second: ${met(mail.perSecond >= 200)}.`,
  '',
  ...webhooksSection(webhooks),
  ...memorySection(
    memory,
    `node ${RUNTIME_FLAGS.join(' ')}, ${Object.entries(RUNTIME_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`,
  ),
];
if (lighthouseResults) {
  lines.push(
    '## Lighthouse (`bench/lighthouse.ts`)',
    '',
    'Lighthouse 13 with its default simulated throttling (mobile: slow 4G, 4x CPU), Debian Chromium.',
    '',
    '| Form factor | Page | Score | LCP | TBT | CLS | Transferred | JavaScript |',
    '|---|---|---|---|---|---|---|---|',
    ...lighthouseResults.results.map(
      (r: {
        formFactor: string;
        page: string;
        score: number;
        lcpMs: number;
        tbtMs: number;
        cls: number;
        transferBytes: number;
        scriptBytes: number;
      }) =>
        `| ${r.formFactor} | \`${r.page}\` | ${r.score} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.cls.toFixed(3)} | ${kb(r.transferBytes)} | ${kb(r.scriptBytes)} |`,
    ),
    '',
    `Budgets (mobile): score at least 98 and total blocking time under 150 ms (issue 25), LCP under 1.2 s and CLS 0 (issue 14). ${lighthouseResults.results
      .filter((r: { formFactor: string }) => r.formFactor === 'mobile')
      .map(
        (r: { page: string; score: number; lcpMs: number; tbtMs: number; cls: number }) =>
          `\`${r.page}\`: ${met(r.score >= 98 && r.tbtMs < 150 && r.lcpMs < 1200 && r.cls === 0)}`,
      )
      .join('; ')}.`,
    '',
  );
}
const notes = path.join(here, 'NOTES.md');
if (fs.existsSync(notes)) lines.push(fs.readFileSync(notes, 'utf8').trim(), '');
fs.writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
process.stderr.write('bench: wrote bench/RESULTS.md\n');

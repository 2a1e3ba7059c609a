/** The memory section of bench/RESULTS.md, from bench/memory.ts's JSON (issue 25 item 3). */

interface Reading {
  rss: number;
  peakRss: number;
  rssFile: number;
  rssAnon: number;
  mallocHeap: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  database: number;
  caches: number;
}

interface Measured {
  database: string;
  firstStart: Reading;
  afterBoot: Reading;
  afterRequests: Reading;
  afterQuiet: Reading;
  load: { answered: number; errors: number; non2xx: number };
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

const READINGS: [keyof Measured & `${string}${'Start' | 'Boot' | 'Requests' | 'Quiet'}`, string][] = [
  ['firstStart', 'first start on a new folder (create, migrate, seed), 5 s after it answers'],
  ['afterBoot', 'restart on that folder, 5 s after it answers'],
  ['afterRequests', 'after the mixed requests, 5 s later'],
  ['afterQuiet', 'half a minute after that'],
];

/** Issue 25's bounds: resident memory after boot and 20,000 mixed requests. */
const BOUND_MB: Record<string, number> = { PGlite: 384, Postgres: 256 };

export function memorySection(result: { mixedRequests: number; results: Measured[] }, runtime: string): string[] {
  const rows = result.results.flatMap((measured) =>
    READINGS.map(([key, label]) => {
      const r = measured[key] as Reading;
      const other = r.rss - r.rssFile - r.heapTotal - r.external;
      return `| ${measured.database} | ${label} | ${mb(r.rss)} | ${mb(r.peakRss)} | ${mb(r.heapUsed)} / ${mb(r.heapTotal)} | ${mb(r.database)} | ${mb(r.external - r.database)} | ${mb(r.caches)} | ${mb(r.rssFile)} | ${mb(r.mallocHeap)} | ${mb(Math.max(0, other))} |`;
    }),
  );
  const verdicts = result.results.map((m) => {
    const bound = BOUND_MB[m.database]!;
    const worst = Math.max(m.afterRequests.rss, m.afterBoot.rss);
    return `${m.database} at most ${bound} MB: ${worst <= bound * 2 ** 20 ? 'met' : '**not met**'} (${mb(worst)})`;
  });
  return [
    '## Memory (`bench/memory.ts`)',
    '',
    `Resident memory of one server process (${runtime}), read from /proc, with the process's own account of it (\`kill -USR2\`, src/server/process-report.ts). The load: ${result.mixedRequests} requests at 100 connections (autocannon), a mix of the landing page (one in ten with a query string never seen before), \`/register\`, day pages and dashboards of anonymous visitors and of free and All Access registrants of an \`open\` and a \`registrants\` edition, a widget, the speakers API, the embed gallery, the setup guide and a 404.`,
    '',
    '| Database | When | RSS | Peak RSS so far | JS heap used / reserved | PGlite memory | Buffers | Caches | Mapped code | malloc heap | Other |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Bounds (issue 25): resident memory after boot and ${result.mixedRequests} mixed requests. ${verdicts.join('; ')}.`,
    '',
  ];
}

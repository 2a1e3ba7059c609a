/** The throughput section of bench/RESULTS.md, from bench/throughput.ts's JSON (issue 25 item 2). */

interface Scaled {
  rps: number;
  p99: number;
  ratio: number;
  errors: number;
}

interface Row {
  name: string;
  bytes: number;
  appRps: number;
  appP99: number;
  nginxRps: number;
  nginxP99: number;
  ratio: number;
  errors: number;
  /** The second configuration's figures (several processes on Postgres), when it was measured. */
  scaled?: Scaled | null;
}

interface Throughput {
  connections: number;
  durationS: number;
  scaledConfiguration?: { processes: number; database: string } | null;
  results: Row[];
  reference: { name: string; bytes: number; rps: number; p99: number; nginxRps: number; nginxP99: number; ratio: number } | null;
  flood: { requests: number; seconds: number; errors: number; rssBefore: number; rssAfter: number };
  log: { requestLines: number; answered: number } | null;
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const share = (ratio: number) => `1/${(1 / ratio).toFixed(1)} (${(ratio * 100).toFixed(0)}%)`;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function goal(label: string, rows: { name: string; ratio: number; p99: number }[]): string {
  const both = rows.filter((r) => r.ratio >= 1 / 3 && r.p99 < 50).length;
  return `${label}: ${both} of ${rows.length} rows meet both. ${rows.map((r) => `${r.name}: ratio ${met(r.ratio >= 1 / 3)}, p99 ${met(r.p99 < 50)}`).join('; ')}.`;
}

function table(result: Throughput): string[] {
  const scaled = result.scaledConfiguration;
  if (!scaled)
    return [
      '| Endpoint | Bytes | App req/s | App p99 | nginx req/s | nginx p99 | App / nginx | Errors |',
      '|---|---|---|---|---|---|---|---|',
      ...result.results.map(
        (r) =>
          `| ${r.name} | ${r.bytes} | ${Math.round(r.appRps)} | ${r.appP99} ms | ${Math.round(r.nginxRps)} | ${r.nginxP99} ms | ${share(r.ratio)} | ${r.errors} |`,
      ),
    ];
  const many = `${scaled.processes} processes, ${scaled.database}`;
  return [
    `| Endpoint | Bytes | nginx req/s | nginx p99 | 1 process, PGlite: req/s | p99 | / nginx | ${many}: req/s | p99 | / nginx | Errors (1 / ${scaled.processes}) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...result.results.map(
      (r) =>
        `| ${r.name} | ${r.bytes} | ${Math.round(r.nginxRps)} | ${r.nginxP99} ms | ${Math.round(r.appRps)} | ${r.appP99} ms | ${share(r.ratio)} | ${Math.round(r.scaled!.rps)} | ${r.scaled!.p99} ms | ${share(r.scaled!.ratio)} | ${r.errors} / ${r.scaled!.errors} |`,
    ),
  ];
}

export function throughputSection(result: Throughput): string[] {
  const scaled = result.scaledConfiguration;
  return [
    `## Throughput and latency (\`bench/throughput.ts\`)`,
    '',
    `wrk -t2 -c${result.connections} -d${result.durationS}s --latency (Debian's wrk; the same command reproduces any row by hand), loopback, no Accept-Encoding (identity bytes on both sides) except where a row says so (then nginx serves the app's gzip bytes as they are); nginx (Debian nginx-light, all cores, access log off) serves a static file of the same bytes in the same run. The app runs as a host runs it: LOG_LEVEL=info, one JSON line per request written to a file; first one process on the embedded database (\`npm start\` with no settings)${scaled ? `, then ${scaled.processes} processes on one port on ${scaled.database} (\`SERVER_PROCESSES=${scaled.processes}\`, decision 0046), taking turns with nginx run after run` : ''}. Signed-in registrants are registered through \`/register\` (free) and granted All Access by a signed payment event; august runs in \`registrants\` mode for the bench.`,
    '',
    ...table(result),
    '',
    `Goal (issue 25): every row at least 1/3 of nginx with p99 under 50 ms at 100 connections.`,
    '',
    `- ${goal(
      '1 process, PGlite',
      result.results.map((r) => ({ name: r.name, ratio: r.ratio, p99: r.appP99 })),
    )}`,
    ...(scaled
      ? [
          `- ${goal(
            `${scaled.processes} processes, ${scaled.database}`,
            result.results.map((r) => ({ name: r.name, ratio: r.scaled!.ratio, p99: r.scaled!.p99 })),
          )}`,
        ]
      : []),
    '',
    ...(result.reference
      ? [
          `Reference, the most one Node process answers here: a Node process with no application code (node:http answering the ${result.reference.bytes} bytes of the "${result.reference.name}" row from memory, bench/support.ts \`startBareNode\`), same wrk command, in the same run: ${Math.round(result.reference.rps)} req/s, p99 ${result.reference.p99} ms, against nginx's ${Math.round(result.reference.nginxRps)} req/s (p99 ${result.reference.nginxP99} ms) on the same file: ${(result.reference.ratio * 100).toFixed(0)}% of nginx.`,
          '',
        ]
      : []),
    `Cache flood (autocannon, which can send a fixed number of distinct URLs): ${result.flood.requests} requests with distinct query strings (\`/?flood=N\`, ${result.connections} connections, ${result.flood.seconds.toFixed(1)} s, ${result.flood.errors} errors): the server's RSS went from ${mb(result.flood.rssBefore)} MB to ${mb(result.flood.rssAfter)} MB (${((result.flood.rssAfter - result.flood.rssBefore) / 2 ** 20).toFixed(1)} MB; stated bound 64 MB, tests/e2e/serving.spec.ts).`,
    '',
    ...(result.log
      ? [
          `Request log: ${result.log.requestLines} request lines for ${result.log.answered} answers wrk and autocannon counted across the one-process runs and the flood (${result.log.requestLines === result.log.answered ? 'one each' : `a difference of ${result.log.requestLines - result.log.answered}: requests cut off at the end of a run are answered after the load generator stops counting`}).`,
          '',
        ]
      : []),
  ];
}

/**
 * The private feed (issue 17): feed polls per second, full feed (200) and podcast apps' usual
 * revalidation (If-None-Match, 304), and audio byte-range throughput (206), each next to nginx
 * serving the same bytes (the same feed document, the same audio file, the same range) in the
 * same run. One registrant, registered through the real form; the feed link is read from the
 * confirmation e-mail in the outbox. Prints JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, RUNS, startApp, startNginx } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const PODCAST_APP = 'AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)';
const CONNECTIONS = 100;
/** A podcast app seeking: 16 KB from the middle of the file. */
const RANGE_BYTES = 16 * 1024;

async function measure(url: string, headers: Record<string, string>, expectStatus: number) {
  let wrongStatus = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }) as unknown as Promise<autocannon.Result> & {
    on(event: 'response', listener: (client: unknown, status: number) => void): void;
  };
  instance.on('response', (_client: unknown, status: number) => {
    if (status !== expectStatus) wrongStatus++;
  });
  const result = await instance;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    errors: result.errors + wrongStatus,
  };
}

async function registerAndReadFeedLink(appUrl: string, dataDir: string): Promise<string> {
  const email = `bench.${Date.now()}@example.com`;
  const response = await fetch(`${appUrl}/register`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Bench', email, consent: 'on', summit: 'july' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`registration answered ${response.status}`);
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')) : [];
    // The confirmation (registering also sends the edition's "day 1 is open" e-mail).
    const text = files.find((message) => message.includes(email) && message.includes('officially registered'))?.replace(/=\r?\n/g, '');
    const link = text && /Your personal feed link[^:]*: (http\S+\.xml)/.exec(text)?.[1];
    if (link) return new URL(link).pathname;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no confirmation e-mail with a feed link');
}

const app = await startApp();
try {
  const feedPath = await registerAndReadFeedLink(app.url, app.dataDir);
  const feedResponse = await fetch(`${app.url}${feedPath}`);
  const feed = Buffer.from(await feedResponse.arrayBuffer());
  const etag = feedResponse.headers.get('etag') as string;
  const enclosure = new URL(/<enclosure url="([^"]+)"/.exec(feed.toString())?.[1] as string).pathname;
  const audio = Buffer.from(await (await fetch(`${app.url}${enclosure}`)).arrayBuffer());
  const start = Math.max(0, Math.floor(audio.length / 2) - RANGE_BYTES / 2);
  const end = Math.min(audio.length - 1, start + RANGE_BYTES - 1);
  const range = `bytes=${start}-${end}`;

  const nginx = await startNginx({ 'feed.xml': feed, 'episode.mp3': audio });
  const nginxEtag = (await fetch(`${nginx.url}/feed.xml`)).headers.get('etag') as string;
  const targets = [
    { name: 'feed poll, full (200)', app: [feedPath, {}, 200], nginx: ['/feed.xml', {}, 200], bytes: feed.length },
    {
      name: 'feed poll, If-None-Match (304)',
      app: [feedPath, { 'if-none-match': etag }, 304],
      nginx: ['/feed.xml', { 'if-none-match': nginxEtag }, 304],
      bytes: 0,
    },
    {
      // A podcast app's user agent: every request goes through the listening count (issue 28), as in production.
      name: `audio range ${end - start + 1} B (206)`,
      app: [enclosure, { range, 'user-agent': PODCAST_APP }, 206],
      nginx: ['/episode.mp3', { range, 'user-agent': PODCAST_APP }, 206],
      bytes: end - start + 1,
    },
  ] as const;
  const results = [];
  try {
    for (const target of targets) {
      const appRuns = [];
      const nginxRuns = [];
      for (let run = 0; run < RUNS; run++) {
        appRuns.push(await measure(`${app.url}${target.app[0]}`, target.app[1], target.app[2]));
        nginxRuns.push(await measure(`${nginx.url}${target.nginx[0]}`, target.nginx[1], target.nginx[2]));
      }
      const appRps = median(appRuns.map((r) => r.rps));
      const nginxRps = median(nginxRuns.map((r) => r.rps));
      results.push({
        name: target.name,
        bytes: target.bytes,
        appRps,
        appP99: median(appRuns.map((r) => r.p99)),
        appMBps: median(appRuns.map((r) => r.bytesPerSecond)) / 1e6,
        nginxRps,
        nginxP99: median(nginxRuns.map((r) => r.p99)),
        nginxMBps: median(nginxRuns.map((r) => r.bytesPerSecond)) / 1e6,
        ratio: appRps / nginxRps,
        errors: appRuns.reduce((sum, r) => sum + r.errors, 0),
        nginxErrors: nginxRuns.reduce((sum, r) => sum + r.errors, 0),
      });
    }
  } finally {
    await nginx.stop();
  }
  console.log(
    JSON.stringify(
      { runs: RUNS, durationS: DURATION_S, connections: CONNECTIONS, audioBytes: audio.length, feedBytes: feed.length, results },
      null,
      2,
    ),
  );
} finally {
  await app.stop();
  app.remove();
}

/**
 * Where a signed-in registrant's cached page spends its CPU (not a benchmark: a profile). Starts
 * the app with V8's sampling profiler on, loads the page with wrk for PROFILE_SECONDS, stops the
 * app (the profile is written on exit) and prints the self time by function and by file, top first.
 * `node bench/profile-personal.ts [path]` (default /july/day-1); read alongside bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareRegistrantsEdition, signedInRegistrants } from './registrants.ts';
import { startApp } from './support.ts';
import { wrk } from './wrk.ts';

const SECRET = 'whsec_profile_summit_payments_secret';
const wanted = process.argv[2] ?? '/july/day-1';
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-profile-'));

const app = await startApp(
  {
    PAYMENT_WEBHOOK_SECRET: SECRET,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
    ...(process.env.PROFILE_LOG_LEVEL ? { LOG_LEVEL: process.env.PROFILE_LOG_LEVEL } : {}),
  },
  prepareRegistrantsEdition,
);
try {
  const { rows } = await signedInRegistrants(app.url, SECRET);
  const row = rows.find((candidate) => candidate.path === wanted) ?? rows[0]!;
  await wrk({ url: `${app.url}${row.path}`, headers: row.headers, connections: 50, durationS: 2 });
  const result = await wrk({ url: `${app.url}${row.path}`, headers: row.headers, connections: 50, durationS: seconds });
  console.log(`${row.name}: ${Math.round(result.rps)} req/s, p99 ${result.p99.toFixed(2)} ms`);
} finally {
  await app.stop();
  app.remove();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const files = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
const biggest = files.map((name) => path.join(profileDir, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
if (!biggest) throw new Error(`no profile written in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(biggest, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
// Only the samples of the measured run: the process's start and its registrations come before it,
// its shutdown (about a second) after.
const times: number[] = [];
profile.timeDeltas.reduce((at, delta) => (times.push(at + delta), at + delta), 0);
const end = times.at(-1)! - 1_000_000;
const from = end - seconds * 1_000_000;
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const label = (node: Node) => {
  const file = node.callFrame.url.replace(/^.*\/(node_modules|dist[^/]*|builds)\//, '').replace(/^file:\/\//, '') || '(native)';
  return `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  if (times[index]! < from || times[index]! > end) return;
  const leaf = byId.get(id)!;
  // Time in a system call or waiting is the kernel's or the scheduler's (a wall-clock profile
  // counts a preempted writev as writev): only what runs JavaScript is shared out here.
  if (['writev', '(idle)', '(program)'].includes(leaf.callFrame.functionName)) return;
  total++;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
});
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${((count / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
console.log(
  `\n${total} samples of JavaScript in the measured run (system calls and idle time left out); self time:\n${top(self, 40).join('\n')}\n\ninclusive time:\n${top(inclusive, 70).join('\n')}`,
);
fs.rmSync(profileDir, { recursive: true, force: true });

/**
 * Repeated code held down by a maintained copy-paste detector (jscpd, pinned): the product's code
 * (src, bench, tools; not the demo content, which is data, nor prose) may hold at most
 * MOST_REPEATS repeated blocks of jscpd's default size (5 lines and 50 tokens). Run by `npm test`
 * (`npm run lint:copies`); each repeat is listed, so the one to merge is easy to find.
 * docs/decisions/0079-repeats-counted-in-the-tests.md says why this tool and this limit.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

// jscpd's ES module build imports a CommonJS path Node cannot resolve (colors/safe): its CommonJS build loads.
const { detectClones } = createRequire(import.meta.url)('jscpd') as typeof import('jscpd');

const MOST_REPEATS = 10;
const config = JSON.parse(fs.readFileSync(new URL('../.jscpd.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const clones = await detectClones({ ...config, silent: true, reporters: [] } as Parameters<typeof detectClones>[0]);

const place = (side: { sourceId: string; start: { line: number }; end: { line: number } }) =>
  `${side.sourceId}:${side.start.line}-${side.end.line}`;
for (const clone of clones) console.log(`repeated: ${place(clone.duplicationA)}  and  ${place(clone.duplicationB)}`);
const verdict = clones.length <= MOST_REPEATS ? 'ok' : `too many: merge them into one place until at most ${MOST_REPEATS} remain`;
console.log(`copy-paste check: ${clones.length} repeated blocks (at most ${MOST_REPEATS}): ${verdict}`);
if (clones.length > MOST_REPEATS) process.exit(1);

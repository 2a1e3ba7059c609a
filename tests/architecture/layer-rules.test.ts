/**
 * The import rules of .dependency-cruiser.cjs (`npm run lint:layers` runs them on src/): here each
 * rule is shown catching a break it is for, on a small tree written to a scratch folder in the
 * shape of src/, and the allowed imports beside them pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ruleSet = require('../../.dependency-cruiser.cjs') as { forbidden: { name: string }[] };
const { oneWayFolderRules, mutualServerFolderPairs } = require('../../tools/server-folder-pairs.cjs') as {
  oneWayFolderRules(root: string, kept: Record<string, string>): { name: string }[];
  mutualServerFolderPairs(root: string): string[];
};

/** The scratch tree: a file's path under the scratch folder and its text. */
const TREE: Record<string, string> = {
  'src/domain/pure.ts': "import { createHash } from 'node:crypto';\nexport const hash = createHash;\n",
  'src/domain/reads-files.ts': "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n",
  'src/domain/uses-server.ts': "import { load } from '../server/things/load.ts';\nexport const x = load;\n",
  'src/domain/circle-a.ts': "import { b } from './circle-b.ts';\nexport const a = () => b;\n",
  'src/domain/circle-b.ts': "import { a } from './circle-a.ts';\nexport const b = () => a;\n",
  'src/domain/safe-type.ts': "import type { SafeHtml } from '../markup/safe-html.ts';\nexport type Shown = { html: SafeHtml };\n",
  'src/domain/renders.ts': "import { renderMarkup } from '../markup/safe-html.ts';\nexport const r = renderMarkup;\n",
  'src/markup/safe-html.ts': 'export type SafeHtml = string;\nexport const renderMarkup = (s: string) => s;\n',
  'src/views/Page.tsx': "import { load } from '../server/things/load.ts';\nexport const Page = () => String(load);\n",
  'src/server/things/load.ts': "import { Banner } from '../../components/Banner.tsx';\nexport const load = () => Banner;\n",
  'src/server/things/config.ts':
    "import { env } from '../env.ts';\nimport type { Env } from '../env.ts';\nexport const c = (e: Env) => [e, env];\n",
  'src/server/env.ts': 'export type Env = { PORT: number };\nexport const env = () => ({ PORT: 1 });\n',
  'src/server/boot.ts':
    "import { env } from './env.ts';\nimport { pipeline } from './front-door/pipeline.ts';\nexport const boot = () => [env, pipeline];\n",
  'src/server/front-door/pipeline.ts': "import { load } from '../things/load.ts';\nexport const pipeline = load;\n",
  'src/server/things/uses-front-door.ts': "import { pipeline } from '../front-door/pipeline.ts';\nexport const p = pipeline;\n",
  'src/server/db/index.ts': "import { load } from '../things/load.ts';\nexport const db = load;\n",
  'src/components/Banner.tsx': 'export const Banner = () => null;\n',
  // Two concept folders importing each other (module by module, no circle), one of them from a
  // subfolder and as a type only; a third importing one of them one way; a pair kept on purpose.
  'src/server/alpha/a.ts': "import { b } from '../beta/b.ts';\nexport const a = () => b;\n",
  'src/server/alpha/c.ts': 'export const c = 1;\nexport type C = number;\n',
  'src/server/beta/b.ts': "import { c } from '../alpha/c.ts';\nexport const b = () => c;\n",
  'src/server/beta/deep/d.ts': "import type { C } from '../../alpha/c.ts';\nexport const d = (x: C) => x;\n",
  'src/server/gamma/g.ts': "import { c } from '../alpha/c.ts';\nexport const g = c;\n",
  'src/server/kept-one/k.ts': "import { l } from '../kept-two/l.ts';\nexport const k = () => l;\n",
  'src/server/kept-two/l.ts': "import { m } from '../kept-one/m.ts';\nexport const l = () => m;\n",
  'src/server/kept-one/m.ts': 'export const m = 1;\n',
  'src/server/outbound/queue.ts': "import { wake } from '../mail/wake.ts';\nexport const queue = wake;\n",
  'src/server/mail/wake.ts': 'export const wake = () => undefined;\n',
};

/** The scratch tree's pairs kept on purpose (the front door's is another rule's break). */
const KEPT = { 'front-door <-> things': 'another rule', 'kept-one <-> kept-two': 'kept on purpose' };

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-layers-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const reporterOutput = await cruise(['src'], {
    baseDir: root,
    ruleSet: { forbidden: [...ruleSet.forbidden, ...oneWayFolderRules(root, KEPT)] } as never,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    validate: true,
  });
  result = reporterOutput.output as ICruiseResult;
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Each violation as "rule: from → to". */
const violations = () => result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe('the layer rules of .dependency-cruiser.cjs', () => {
  it('catches each break it is for', () => {
    expect(violations()).toEqual(
      expect.arrayContaining([
        'configuration-from-the-entries: src/server/things/config.ts → src/server/env.ts',
        'database-below-concepts: src/server/db/index.ts → src/server/things/load.ts',
        'domain-is-pure: src/domain/uses-server.ts → src/server/things/load.ts',
        'domain-without-node-io: src/domain/reads-files.ts → fs',
        'front-door-is-the-entry: src/server/things/uses-front-door.ts → src/server/front-door/pipeline.ts',
        'markup-safe-html-type-only: src/domain/renders.ts → src/markup/safe-html.ts',
        'presentation-without-server: src/views/Page.tsx → src/server/things/load.ts',
        'server-returns-data: src/server/things/load.ts → src/components/Banner.tsx',
        'outbound-queue-below-producers: src/server/outbound/queue.ts → src/server/mail/wake.ts',
        'server-folders-one-way: src/server/alpha/a.ts → src/server/beta/b.ts',
        'server-folders-one-way: src/server/beta/b.ts → src/server/alpha/c.ts',
        'server-folders-one-way: src/server/beta/deep/d.ts → src/server/alpha/c.ts',
      ]),
    );
    expect(violations().some((line) => line.startsWith('no-circular: src/domain/circle-'))).toBe(true);
  });

  it('lets through what the rules allow', () => {
    const flagged = new Set(result.summary.violations.map((v) => v.from));
    // A computing Node module and the SafeHtml type in the domain; the boot importing the
    // configuration and the front door; the front door importing a concept; a concept folder
    // importing another one way, and a pair kept on purpose.
    for (const allowed of [
      'src/domain/pure.ts',
      'src/domain/safe-type.ts',
      'src/server/boot.ts',
      'src/server/front-door/pipeline.ts',
      'src/server/gamma/g.ts',
      'src/server/kept-one/k.ts',
      'src/server/kept-two/l.ts',
    ]) {
      expect(flagged.has(allowed), allowed).toBe(false);
    }
  });

  it('finds the pairs of src/server folders the module map lists, and the configuration keeps each one by name', () => {
    // The rule reads the imports as dependency-cruiser does: its pairs are the module map's
    // (docs/ARCHITECTURE.md, kept up to date by tests/architecture/module-map.test.ts).
    const site = path.resolve(import.meta.dirname, '../..');
    const map = fs.readFileSync(path.join(site, 'docs/ARCHITECTURE.md'), 'utf8').split('import each other (')[1] ?? '';
    const listed = [...map.matchAll(/^server\/(\S+) <-> server\/(\S+)$/gm)].map(([, a, b]) => `${a} <-> ${b}`);
    expect(mutualServerFolderPairs(site)).toEqual(listed);
    // Every pair src/server has now is kept by name: the rule adds no rule for the site as it is.
    expect(ruleSet.forbidden.filter((rule) => rule.name === 'server-folders-one-way')).toEqual([]);
  });
});

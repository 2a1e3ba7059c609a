/**
 * docs/ARCHITECTURE.md's table "src/server, one folder per concept" names every folder of
 * src/server and nothing that is gone: a new folder fails here until the table says what it holds,
 * and a folder or file removed or renamed fails here until the table stops naming it. (The module
 * map below the table is checked by module-map.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'src/server');
const HEADING = '## src/server, one folder per concept';

/** The first cell of each row of the table under HEADING: the folders (`x/`) and files (`x.ts`) it names. */
export function namedInTable(markdown: string): { folders: string[]; files: string[] } {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`No section "${HEADING}"`);
  const rest = markdown.slice(start + HEADING.length);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const cells = section
    .split('\n')
    .filter((line) => /^\|\s*`/.test(line))
    .map((line) => line.split('|')[1] ?? '');
  const names = cells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
  return {
    folders: names.filter((name) => name.endsWith('/')).map((name) => name.slice(0, -1)),
    files: names.filter((name) => !name.endsWith('/')),
  };
}

/** One line per folder the table lacks and per name it lists that src/server does not have. */
export function tableProblems(markdown: string, tree: { folders: string[]; files: string[] }): string[] {
  const named = namedInTable(markdown);
  return [
    ...tree.folders.filter((folder) => !named.folders.includes(folder)).map((folder) => `missing from the table: ${folder}/`),
    ...named.folders.filter((folder) => !tree.folders.includes(folder)).map((folder) => `listed but gone: ${folder}/`),
    ...named.files.filter((file) => !tree.files.includes(file)).map((file) => `listed but gone: ${file}`),
  ];
}

function serverTree(): { folders: string[]; files: string[] } {
  const entries = fs.readdirSync(SERVER, { withFileTypes: true });
  return {
    folders: entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
    files: entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
  };
}

describe('the concept table of docs/ARCHITECTURE.md', () => {
  it('lists every folder of src/server, and no folder or file that is gone', () => {
    const markdown = fs.readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(tableProblems(markdown, serverTree())).toEqual([]);
  });

  it('fails for a folder missing from the table and for one listed but gone', () => {
    const sample = [
      HEADING,
      '',
      '| folder | holds |',
      '|---|---|',
      '| `mail/` | e-mails, not `mail/outbox.ts` in the first cell |',
      '| `fax/`, `log.ts` | gone |',
      '',
      '## Next section',
      '| `webhooks/` | a table of another section |',
    ].join('\n');
    expect(tableProblems(sample, { folders: ['mail', 'webhooks'], files: ['log.ts'] })).toEqual([
      'missing from the table: webhooks/',
      'listed but gone: fax/',
    ]);
    expect(tableProblems(sample, { folders: ['mail', 'fax'], files: [] })).toEqual(['listed but gone: log.ts']);
  });
});

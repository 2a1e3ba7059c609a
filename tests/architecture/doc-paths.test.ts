/**
 * Every file the project's documents name exists, and every decision record says whether it
 * still holds. Documents: README.md, CHANGELOG.md, SECURITY.md, docs/ARCHITECTURE.md, docs/PRODUCT.md,
 * docs/decisions/*.md (the records, NNNN-*.md, and their index, README.md).
 *
 * What counts as a path (kept simple; fenced code blocks are not read):
 * - each word of an inline code span (`…`), a link target ([text](target)), and, in prose, each
 *   word that starts with one of the repository's top-level folders (`src/`, `tests/`, …);
 * - that, with quotes, brackets of prose and punctuation around it and a `:line` suffix taken
 *   off, ends in a source or document extension (.ts, .tsx, .astro, .md, .json, …) or, for a
 *   folder, in `/`;
 * - and is not a URL (`://`, `mailto:`), an address path (starting with `/`, e.g. `/feed/x.xml`),
 *   a glob or placeholder (`*`, `{`, `<`, `…`, `...`/), a package's file (`@scope/…`), what the
 *   build or the running site makes (`dist/`, `pglite/`, `DATA_DIR/…`) or anything with other characters.
 * A path is found when it exists from the repository root, from the document's folder, from
 * `src/` or from `src/server/` (ARCHITECTURE.md's shorthand: `server/http/pipeline.ts`,
 * `editions/edition-cache.ts`); a bare file name (`keys.ts`) when some file in the repository
 * has that name. A path followed by "(removed" names history on purpose and is not checked, nor
 * is a relative path that leads out of the repository (`../shared/SPEC.md`: the specification
 * beside a checkout, which a clone elsewhere does not have).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = 'docs/decisions';
const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  'SECURITY.md',
  'docs/ARCHITECTURE.md',
  'docs/PRODUCT.md',
  ...fs
    .readdirSync(path.join(ROOT, DECISIONS))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${DECISIONS}/${name}`),
];

const EXTENSIONS = ['ts', 'tsx', 'mts', 'astro', 'js', 'mjs', 'cjs', 'json', 'md', 'css', 'yml', 'yaml', 'sql', 'sh', 'html', 'toml'];
const PATH_LIKE = new RegExp(`^[A-Za-z0-9_.@\\[\\]/-]+(?:\\.(?:${EXTENSIONS.join('|')})|/)$`);
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', '.astro', 'test-results', 'playwright-report']);

/** Every file name in the repository (for bare names), and its top-level folders (for prose). */
function repositoryFiles(): { names: Set<string>; topFolders: string[] } {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      // dist-{id}/: the build folders (decision 0040).
      if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('dist-')) continue;
      if (entry.isDirectory()) walk(path.join(folder, entry.name));
      else names.add(entry.name);
    }
  };
  walk(ROOT);
  const topFolders = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
    .map((entry) => `${entry.name}/`);
  return { names, topFolders };
}

const { names, topFolders } = repositoryFiles();

/** A word as written, made into the path it names, or null when it is no path (see the rules above). */
export function pathOf(word: string): string | null {
  const trailing = /[)"'”’>,;:.!?]+$/;
  let candidate = word
    .replace(/^[("'“‘<]+/, '')
    .replace(trailing, '')
    .replace(/:[\d,-]+$/, '')
    .replace(trailing, '')
    .replace(/#.*$/, '');
  if (candidate.startsWith('./')) candidate = candidate.slice(2);
  if (/:\/\/|^mailto:|[*{}<>…]|^\/|^\.\.\.\/|^@/.test(candidate)) return null;
  // Made when the site is built or runs (the build output, the data folder's parts): not in the repository.
  if (/^(?:dist|pglite)\/|^[A-Z][A-Z0-9_]*\//.test(candidate)) return null;
  return PATH_LIKE.test(candidate) ? candidate : null;
}

interface Reference {
  document: string;
  line: number;
  path: string;
}

/** The path references of one document, by the rules above. */
export function referencesIn(document: string, text: string): Reference[] {
  const found: Reference[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (/^\s*(```|~~~)/.test(content)) fenced = !fenced;
    if (fenced || /^\s*(```|~~~)/.test(content)) return;
    const words: string[] = [];
    const prose = content
      .replace(/`([^`]+)`/g, (_span, code: string) => {
        words.push(...code.split(/\s+/));
        return ' ';
      })
      .replace(/\]\(([^)\s]+)\)/g, (_link, target: string) => {
        words.push(target);
        return '] ';
      });
    for (const word of prose.split(/\s+/)) {
      if (topFolders.some((folder) => word.replace(/^[("'“‘]+/, '').startsWith(folder))) words.push(word);
    }
    for (const word of words) {
      const named = pathOf(word);
      if (!named) continue;
      const after = content.slice(content.indexOf(word) + word.length);
      if (/^`?\s*\(removed/.test(after)) continue;
      found.push({ document, line: index + 1, path: named });
    }
  });
  return found;
}

/** A relative path that, read from its document's folder, leads out of the repository. */
function outsideRepository({ document, path: named }: Reference): boolean {
  return named.startsWith('../') && path.relative(ROOT, path.join(ROOT, path.dirname(document), named)).startsWith('..');
}

function exists(reference: Reference): boolean {
  const { document, path: named } = reference;
  if (!named.replace(/\/$/, '').includes('/'))
    return named.endsWith('/') ? topFolders.includes(named) || isFolderAnywhere(named) : names.has(named);
  const bases = [ROOT, path.join(ROOT, path.dirname(document)), path.join(ROOT, 'src'), path.join(ROOT, 'src/server')];
  return bases.some((base) => fs.existsSync(path.join(base, named)));
}

/** A bare folder name (`content-cache/`): a folder of that name below src/ or at the top. */
function isFolderAnywhere(named: string): boolean {
  const name = named.replace(/\/$/, '');
  const search = (folder: string): boolean =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .some(
        (entry) =>
          entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && (entry.name === name || search(path.join(folder, entry.name))),
      );
  return search(path.join(ROOT, 'src')) || search(path.join(ROOT, 'tests'));
}

const references = DOCUMENTS.flatMap((document) => referencesIn(document, fs.readFileSync(path.join(ROOT, document), 'utf8')));

describe('paths named in the documents', () => {
  it('are read from backticks, links and prose, and not from URLs, address paths, globs or placeholders', () => {
    const sample = [
      'See `src/server/caching/route-cache.ts:3` and [the spec](../../SPEC.md), then src/server/main.ts.',
      'Not `https://example.com/a.ts`, `/feed/{key}.xml`, `*.eml`, `DATA_DIR`, `text/plain` or `.../markup/safe-html.ts`.',
      '```',
      'src/in/a/fence.ts',
      '```',
      'History: `src/server/http/page-cache.ts` (removed by 0014).',
    ].join('\n');
    expect(referencesIn('docs/decisions/x.md', sample).map((reference) => `${reference.line} ${reference.path}`)).toEqual([
      '1 src/server/caching/route-cache.ts',
      '1 ../../SPEC.md',
      '1 src/server/main.ts',
    ]);
    expect(references.length).toBeGreaterThan(100);
  });

  it('exist', () => {
    const missing = references
      .filter((reference) => !outsideRepository(reference) && !exists(reference))
      .map(({ document, line, path: named }) => `${document}:${line} ${named}`);
    expect(missing).toEqual([]);
  });
});

describe('decision records', () => {
  const records = DOCUMENTS.filter((document) => document.startsWith(`${DECISIONS}/`) && /^\d{4}-/.test(path.basename(document)));
  const numbers = new Set(records.map((record) => path.basename(record).slice(0, 4)));

  it.each(records)('%s has a status line near the top: accepted, or superseded by a later record', (record) => {
    const head = fs.readFileSync(path.join(ROOT, record), 'utf8').split('\n').slice(0, 6);
    const status = head.map((line) => /^Status: (accepted|superseded by (\d{4}))(?: \(.+\))?$/.exec(line)).find(Boolean);
    expect(status, 'a line "Status: accepted" or "Status: superseded by NNNN" within the first 6 lines').toBeTruthy();
    const by = status![2];
    if (by) {
      expect(numbers.has(by), `record ${by} exists`).toBe(true);
      expect(by > path.basename(record).slice(0, 4), 'superseded by a later record').toBe(true);
    }
  });
});

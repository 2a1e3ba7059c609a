/**
 * A clone on its own explains itself: no file under src/ cites the specification that lives
 * outside the repository (SPEC.md) or an issue number. Comments cite docs/PRODUCT.md's headings
 * or a decision record (docs/decisions/) instead, or say why in plain words. The README and the
 * CHANGELOG, the first pages a clone is read by, also point nowhere outside the repository
 * (`../shared/`, which only the checkout the site was built in has beside it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTSIDE_CITATIONS = [/SPEC\.md/, /\bissues? \d+/i];

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|js|mjs|cjs|astro|css|md|json)$/.test(entry.name) ? [full] : [];
  });
}

/** "file:line text" for every line under src/ that cites something outside the repository. */
function outsideCitations(): string[] {
  return filesUnder(path.join(ROOT, 'src')).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        OUTSIDE_CITATIONS.some((pattern) => pattern.test(text)) ? [`${path.relative(ROOT, file)}:${index + 1} ${text.trim()}`] : [],
      ),
  );
}

/** Pages at the repository's root: a relative path that climbs out of it leads outside the clone. */
const ROOT_PAGES = ['README.md', 'CHANGELOG.md'];
const OUTSIDE_POINTERS = [...OUTSIDE_CITATIONS, /\.\.\//];

function outsidePointers(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_POINTERS.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1} ${line.trim()}`] : []));
}

describe('the README and the CHANGELOG', () => {
  it('point to nothing outside the repository: no ../ path, SPEC.md or issue number', () => {
    expect(ROOT_PAGES.flatMap((file) => outsidePointers(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('are caught pointing outside', () => {
    expect(outsidePointers('README.md', '`../shared/SPEC.md` is the product specification')).toHaveLength(1);
    expect(outsidePointers('CHANGELOG.md', '- Webhooks out (issue 39).')).toHaveLength(1);
    expect(outsidePointers('README.md', 'See [docs/PRODUCT.md](docs/PRODUCT.md).')).toEqual([]);
  });
});

describe('citations in src/', () => {
  it('never name SPEC.md or an issue number', () => {
    expect(outsideCitations()).toEqual([]);
  });

  it('are found on any line of any source file', () => {
    expect(OUTSIDE_CITATIONS.some((pattern) => pattern.test('/** The feed (issue 17, item 2). */'))).toBe(true);
    expect(OUTSIDE_CITATIONS.some((pattern) => pattern.test('// as SPEC.md section 4 says'))).toBe(true);
    expect(OUTSIDE_CITATIONS.some((pattern) => pattern.test('/** docs/PRODUCT.md "Day pages" (decision 0033). */'))).toBe(false);
  });
});

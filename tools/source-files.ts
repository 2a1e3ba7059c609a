/**
 * Reading the project's own sources for the architecture checks (import-boundaries.ts,
 * configuration-reads.ts): which files lie below src/, and their TypeScript syntax trees.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. src/views/DayPage.tsx. */
  file: string;
  text: string;
}

/** The files below src/ whose names match `names`, read from the repository root. */
export function readBelowSrc(root: string, names: RegExp): SourceFile[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return names.test(entry.name) ? [relative] : [];
    });
  return walk('src').map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
}

/** A file's syntax tree (JSX understood in .tsx and .jsx). */
export function parseSource({ file, text }: SourceFile): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** An import's specifier as a repository path when it is relative (`../server/env.ts` from src/pages/x.ts: src/server/env.ts), otherwise as written. */
export function resolvedSpecifier(file: string, specifier: string): string {
  return specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : specifier;
}

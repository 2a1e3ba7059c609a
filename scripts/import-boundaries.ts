/**
 * The import rules of docs/ARCHITECTURE.md, checked with the TypeScript parser (ts.preProcessFile
 * finds static imports, re-exports and dynamic import() calls), not by matching text:
 * - views, components and islands never import server code (src/server), directly or relatively;
 * - the domain never imports server code, nor Node's I/O modules.
 * tests/architecture/import-boundaries.test.ts runs it on the tree as part of `npm test`.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. src/views/DayPage.tsx. */
  file: string;
  text: string;
}

/** Node modules that only compute (no files, network, processes or clock of their own). */
const PURE_NODE_MODULES = new Set(['assert', 'buffer', 'crypto', 'events', 'path', 'querystring', 'string_decoder', 'url', 'util']);

const PRESENTATION = /^src\/(views|components|islands)\//;
const DOMAIN = /^src\/domain\//;

function isServerCode(file: string, specifier: string): boolean {
  if (specifier.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    return target === 'src/server' || target.startsWith('src/server/');
  }
  // Path aliases or absolute forms of the same folder.
  return /(^|\/)src\/server(\/|$)/.test(specifier);
}

function isNodeIo(specifier: string): boolean {
  const name = specifier.replace(/^node:/, '').split('/')[0]!;
  const isBuiltin = specifier.startsWith('node:') || builtinModules.includes(name);
  return isBuiltin && !PURE_NODE_MODULES.has(name);
}

/** Every broken rule, as "file imports specifier (reason)". */
export function boundaryViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    const presentation = PRESENTATION.test(file);
    const domain = DOMAIN.test(file);
    if (!presentation && !domain) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (isServerCode(file, specifier)) violations.push(`${file} imports ${specifier} (server code)`);
      else if (domain && isNodeIo(specifier)) violations.push(`${file} imports ${specifier} (Node I/O in the pure domain)`);
    }
  }
  return violations;
}

/** The TypeScript sources below src/, read from the repository root. */
export function readSources(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return /\.(ts|tsx|js|jsx|mts)$/.test(entry.name) ? [relative] : [];
    });
  return walk('src').map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
}

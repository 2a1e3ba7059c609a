/**
 * The configuration rule of docs/ARCHITECTURE.md "Configuration" (docs/decisions/0023), checked
 * with the TypeScript parser: the environment is read only by the entries of CONFIG_ENTRIES.
 * Anywhere else under src/ (Astro pages' frontmatter included), a file may take only types from
 * src/server/env.ts (`import type { Env }`); it gets its configuration from the entry instead: a
 * parameter, `locals.config` (src/middleware.ts), or the configure function of a process-wide
 * piece (src/server/process-config.ts). That process.env is read only by the same entries is an
 * ESLint rule (no-restricted-syntax in eslint.config.js).
 * tests/architecture/configuration-reads.test.ts runs it on the tree as part of `npm test`.
 */
import ts from 'typescript';
import { parseSource, readBelowSrc, resolvedSpecifier, type SourceFile } from './source-files.ts';

/** The files that may read the environment, and why. */
export const CONFIG_ENTRIES: Readonly<Record<string, string>> = {
  'src/server/env.ts': 'parses the environment, once per process',
  'src/server/boot.ts': "the server's entry: configures the process and passes the configuration on",
  'src/server/main.ts': "sets NODE_ENV and the adapter's switch before the server bundle loads",
  'src/middleware.ts': "Astro's entry for every page and endpoint: sets locals.config",
};

/** Command-line entries (src/server/cli/*.ts) read the environment like boot.ts. */
const CLI_ENTRY = /^src\/server\/cli\/[^/]+\.ts$/;

export function isConfigEntry(file: string): boolean {
  return file in CONFIG_ENTRIES || CLI_ENTRY.test(file);
}

function isEnvModule(file: string, specifier: string): boolean {
  return /(^|\/)src\/server\/env(\.ts)?$/.test(resolvedSpecifier(file, specifier));
}

/** `import type { Env }`, or `import { type Env }` where every name is a type: loads nothing. */
function isTypeOnlyImport(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (!clause) return false; // a bare `import '.../env.ts'` runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    !!named &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** Every place the file imports the environment's reader, as "file reads ... (reason)". */
export function configurationReads(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    if (isConfigEntry(file)) continue;
    const source = parseSource({ file, text });
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const specifier = node.moduleSpecifier.text;
        const typeOnly = ts.isImportDeclaration(node) ? isTypeOnlyImport(node) : node.isTypeOnly;
        if (isEnvModule(file, specifier) && !typeOnly) found.push(`imports ${specifier}`);
        return;
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument) && isEnvModule(file, argument.text)) found.push(`imports ${argument.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const read of found) {
      violations.push(
        `${file} ${read} (only the entries read the configuration; take it as a parameter, from locals.config, or from a configure function: docs/decisions/0023)`,
      );
    }
  }
  return violations;
}

/** An Astro component's frontmatter (the script between the opening `---` fences), or '' without one. */
export function astroFrontmatter(text: string): string {
  const match = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match?.[1] ?? '';
}

/** The code below src/: TypeScript sources whole, and the frontmatter of Astro components. */
export function readCode(root: string): SourceFile[] {
  return readBelowSrc(root, /\.(ts|tsx|js|jsx|mts|astro)$/).map(({ file, text }) => ({
    file,
    text: file.endsWith('.astro') ? astroFrontmatter(text) : text,
  }));
}

/** How many times each entry calls env(), for the metric in docs/ARCHITECTURE.md. */
export function envCalls(files: readonly SourceFile[]): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const { file, text } of files) {
    const source = parseSource({ file, text });
    let count = 0;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'env') count++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (count > 0) calls[file] = count;
  }
  return calls;
}

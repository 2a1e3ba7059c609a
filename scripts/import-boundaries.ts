/**
 * The import rules of docs/ARCHITECTURE.md, checked with the TypeScript parser (ts.preProcessFile
 * finds static imports, re-exports and dynamic import() calls; the syntax tree tells type-only
 * imports and JSX attributes apart), not by matching text:
 * - views, components and islands never import server code (src/server), directly or relatively;
 * - the domain never imports server code, nor Node's I/O modules;
 * - views, components, islands and the domain take only the SafeHtml type from src/markup
 *   (`import type { SafeHtml }`): markdown is rendered on the server, never where it is placed.
 * Where dangerouslySetInnerHTML and a cast to SafeHtml may appear is an ESLint rule
 * (no-restricted-syntax in eslint.config.js).
 * tests/architecture/import-boundaries.test.ts runs it on the tree as part of `npm test`.
 */
import { builtinModules } from 'node:module';
import ts from 'typescript';
import { parseSource, readBelowSrc, resolvedSpecifier, type SourceFile } from './source-files.ts';

/** Node modules that only compute (no files, network, processes or clock of their own). */
const PURE_NODE_MODULES = new Set(['assert', 'buffer', 'crypto', 'events', 'path', 'querystring', 'string_decoder', 'url', 'util']);

const PRESENTATION = /^src\/(views|components|islands)\//;
const DOMAIN = /^src\/domain\//;

/** Whether an import names `folder` or a file in it: relatively, or by a path alias or absolute form. */
function importsFrom(folder: string, file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return new RegExp(`(^|/)${folder}(/|$)`).test(specifier);
  const target = resolvedSpecifier(file, specifier);
  return target === folder || target.startsWith(`${folder}/`);
}

const isServerCode = (file: string, specifier: string) => importsFrom('src/server', file, specifier);
const isMarkupCode = (file: string, specifier: string) => importsFrom('src/markup', file, specifier);

/** `import type { SafeHtml } from '.../markup/safe-html.ts'`: the only import from src/markup allowed outside the server. */
function isSafeHtmlTypeImport(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  const named = clause?.namedBindings;
  if (!clause?.isTypeOnly || clause.name || !named || !ts.isNamedImports(named)) return false;
  const source = (statement.moduleSpecifier as ts.StringLiteral).text;
  return (
    /\/safe-html(\.ts)?$/.test(source) && named.elements.every((element) => (element.propertyName ?? element.name).text === 'SafeHtml')
  );
}

/** Every way the file reaches into src/markup other than the SafeHtml type, as the specifiers. */
function markupReaches(file: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (isMarkupCode(file, specifier) && !(ts.isImportDeclaration(node) && isSafeHtmlTypeImport(node))) found.push(specifier);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument) && isMarkupCode(file, argument.text)) found.push(argument.text);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const specifier = node.argument.literal.text;
      const qualifier = node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : '';
      if (isMarkupCode(file, specifier) && qualifier !== 'SafeHtml') found.push(specifier);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isNodeIo(specifier: string): boolean {
  const name = specifier.replace(/^node:/, '').split('/')[0]!;
  const isBuiltin = specifier.startsWith('node:') || builtinModules.includes(name);
  return isBuiltin && !PURE_NODE_MODULES.has(name);
}

/** Every broken rule, as "file imports specifier (reason)" or "file ... (reason)". */
export function boundaryViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    const presentation = PRESENTATION.test(file);
    const domain = DOMAIN.test(file);
    const source = parseSource({ file, text });
    if (presentation || domain) {
      for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
        if (isServerCode(file, specifier)) violations.push(`${file} imports ${specifier} (server code)`);
        else if (domain && isNodeIo(specifier)) violations.push(`${file} imports ${specifier} (Node I/O in the pure domain)`);
      }
      for (const specifier of markupReaches(file, source)) {
        violations.push(
          `${file} imports ${specifier} (only \`import type { SafeHtml }\` may come from src/markup: markdown is rendered on the server)`,
        );
      }
    }
  }
  return violations;
}

/** The TypeScript sources below src/, read from the repository root. */
export function readSources(root: string): SourceFile[] {
  return readBelowSrc(root, /\.(ts|tsx|js|jsx|mts)$/);
}

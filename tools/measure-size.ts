/**
 * The sizes issue 13 asks to record before and after a reshaping: the largest source files and
 * the largest functions (lines, found with the TypeScript parser, not by text). Usage:
 * `node tools/measure-size.ts [count]` from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const count = Number(process.argv[2] ?? 10);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const files: { file: string; lines: number }[] = [];
const functions: { name: string; lines: number }[] = [];

for (const file of sourceFiles('src')) {
  const text = fs.readFileSync(file, 'utf8');
  files.push({ file, lines: text.split('\n').length });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named =
        (node as ts.FunctionDeclaration).name?.getText() ??
        (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonymous)');
      functions.push({ name: `${file}:${start + 1} ${named}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

console.log(`Largest files (of ${files.length}):`);
for (const { file, lines } of files.sort((a, b) => b.lines - a.lines).slice(0, count)) console.log(`  ${lines}  ${file}`);
console.log(`Largest functions (of ${functions.length}):`);
for (const { name, lines } of functions.sort((a, b) => b.lines - a.lines).slice(0, count)) console.log(`  ${lines}  ${name}`);
console.log(`Functions over 80 lines: ${functions.filter((f) => f.lines > 80).length}`);

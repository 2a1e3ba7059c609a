// @ts-check
/**
 * The rule `server-folders-one-way` of .dependency-cruiser.cjs, made for the tree it checks: no two
 * concept folders of src/server (src/server/<folder>/, the files directly in src/server being the
 * entries) import each other both ways. dependency-cruiser's own folder rules see circles of any
 * length, not pairs, so the pairs are found here by reading the relative imports of the folders'
 * files (the same imports dependency-cruiser reads, type-only ones included), and each pair not
 * kept on purpose becomes two forbidden rules, one a direction: every import of the pair is then
 * reported with its file, like any other rule's.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as the configuration that requires it */
const fs = require('node:fs');
const path = require('node:path');

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts/.tsx file under `folder`. @param {string} folder @returns {string[]} */
function sourceFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The concept folder a path lies in (null for the entries directly in src/server, or outside it). @param {string} server @param {string} file */
function folderOf(server, file) {
  const parts = path.relative(server, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/**
 * Which concept folders each concept folder of `root`/src/server imports.
 * @param {string} root @returns {Map<string, Set<string>>}
 */
function serverFolderImports(root) {
  const server = path.join(root, 'src', 'server');
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  if (!fs.existsSync(server)) return imports;
  for (const file of sourceFiles(server)) {
    const from = folderOf(server, file);
    if (!from) continue;
    const targets = imports.get(from) ?? new Set();
    imports.set(from, targets);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = folderOf(server, path.resolve(path.dirname(file), /** @type {string} */ (specifier)));
      if (to && to !== from) targets.add(to);
    }
  }
  return imports;
}

/** "a <-> b" (a before b) for each pair of concept folders that import each other. @param {string} root @returns {string[]} */
function mutualServerFolderPairs(root) {
  const imports = serverFolderImports(root);
  /** @type {string[]} */
  const pairs = [];
  for (const [from, targets] of imports) {
    for (const to of targets) if (from < to && imports.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  }
  return pairs.sort();
}

/**
 * The forbidden rules for the pairs of `root` not in `kept` ("a <-> b": why), both directions each.
 * @param {string} root @param {Record<string, string>} kept
 */
function oneWayFolderRules(root, kept) {
  return mutualServerFolderPairs(root)
    .filter((pair) => !(pair in kept))
    .flatMap((pair) => {
      const [a, b] = pair.split(' <-> ');
      return [
        [a, b],
        [b, a],
      ].map(([from, to]) => ({
        name: 'server-folders-one-way',
        comment: `src/server/${a} and src/server/${b} import each other: one of them must stop (move the shared part below both, or hand it in from the entry).`,
        severity: /** @type {const} */ ('error'),
        from: { path: `^src/server/${from}/` },
        to: { path: `^src/server/${to}/` },
      }));
    });
}

module.exports = { mutualServerFolderPairs, oneWayFolderRules };

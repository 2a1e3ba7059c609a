// @ts-check
/**
 * The site's own addresses as data: a Vite plugin whose module `virtual:page-routes` exports
 * `pageFiles`, the path of every file under src/pages relative to it ("admin/editions/new.astro"),
 * and `publicNames`, the names at the top of public/ (served as they are), read when the bundle
 * is built (and when a test run or `astro dev` starts). The edition slug check derives the
 * addresses an edition may not take from them (src/domain/reserved-slugs.ts), so a new page is
 * reserved without anyone remembering to list it. astro.config.mjs and vitest.config.ts use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE_ID = 'virtual:page-routes';
const RESOLVED_ID = `\0${MODULE_ID}`;
const PAGES = fileURLToPath(new URL('../src/pages/', import.meta.url));
const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));

/** Every file under `folder`, as paths relative to it with forward slashes, sorted. @param {string} folder @returns {string[]} */
export function filesUnder(folder) {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function pageRoutes() {
  return {
    name: 'summit:page-routes',
    /** @param {string} id */
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    /** `astro dev`: a page added or removed changes the list without a restart. @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      /** @param {string} file */
      const refresh = (file) => {
        const module = (file.startsWith(PAGES) || file.startsWith(PUBLIC)) && server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
      };
      server.watcher.on('add', refresh);
      server.watcher.on('unlink', refresh);
    },
    /** @param {string} id */
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const publicNames = fs.existsSync(PUBLIC) ? fs.readdirSync(PUBLIC).sort() : [];
      return `export const pageFiles = ${JSON.stringify(filesUnder(PAGES))};\nexport const publicNames = ${JSON.stringify(publicNames)};\n`;
    },
  };
}

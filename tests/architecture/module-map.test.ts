/**
 * docs/ARCHITECTURE.md's module map is what dependency-cruiser reads from src/ now: the block
 * between its markers is made again here and compared (`npm run docs:module-map` rewrites it).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_FILE, MAP_END, MAP_START, moduleMapBlock, mutualServerFolders, unitOf } from '../../tools/module-map.ts';

describe('the module map of docs/ARCHITECTURE.md', () => {
  it('is the one dependency-cruiser makes from src/ now', { timeout: 180_000 }, async () => {
    const document = fs.readFileSync(ARCHITECTURE_FILE, 'utf8');
    const committed = document.slice(document.indexOf(MAP_START), document.indexOf(MAP_END) + MAP_END.length);
    expect(committed, 'run: npm run docs:module-map').toBe(await moduleMapBlock());
  });

  it('collapses each file to its folder, or to its layer for a file directly in one', () => {
    expect(unitOf('src/server/mail/outbox.ts')).toBe('server/mail');
    expect(unitOf('src/server/db/schema/people.ts')).toBe('server/db');
    expect(unitOf('src/domain/brand.ts')).toBe('domain');
    expect(unitOf('src/middleware.ts')).toBe('middleware.ts');
  });

  it('names a pair of server folders once, whichever imports first', () => {
    const map = new Map([
      ['server', ['server/mail']],
      ['server/access', ['domain', 'server/mail']],
      ['server/mail', ['server', 'server/access']],
    ]);
    expect(mutualServerFolders(map)).toEqual(['server/access <-> server/mail']);
  });
});

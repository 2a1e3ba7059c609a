/**
 * Every in-process cache is made by boundedCache(): bounded in entries and in bytes, with the
 * bytes counted from what an entry really holds, and reported by cacheSizes().
 */
import { describe, expect, it } from 'vitest';
import { boundedCache, bytesOf, cacheSizes } from '../../../src/server/caching/bounded-cache.ts';

const KB = 1024;

describe('boundedCache', () => {
  it('counts an entry by what it holds, and reports it by name', () => {
    const cache = boundedCache<string>({ name: 'test: forty documents', maxEntries: 100, maxBytes: 8 * KB * KB, sizeOf: bytesOf.text });
    for (let i = 0; i < 40; i++) cache.set(`document ${i}`, 'x'.repeat(40 * KB));
    const reported = cacheSizes().find(({ name }) => name === 'test: forty documents');
    expect(reported?.entries).toBe(40);
    // 40 documents of 40 KB each, plus their keys: never a wrapper's few bytes.
    expect(reported?.bytes).toBeGreaterThanOrEqual(40 * 40 * KB);
    expect(reported?.bytes).toBeLessThan(40 * 40 * KB + 40 * 32);
  });

  it('drops the least recent entries once the bytes are over the bound', () => {
    const cache = boundedCache<Buffer>({ name: 'test: byte bound', maxEntries: 1000, maxBytes: 100 * KB, sizeOf: bytesOf.buffers });
    for (let i = 0; i < 10; i++) cache.set(`part ${i}`, Buffer.alloc(20 * KB));
    expect(cache.calculatedSize).toBeLessThanOrEqual(100 * KB);
    expect(cache.has('part 9')).toBe(true);
    expect(cache.has('part 0')).toBe(false);
  });

  it('drops entries over the entry bound even when they are small', () => {
    const cache = boundedCache<string>({ name: 'test: entry bound', maxEntries: 3, maxBytes: KB * KB, sizeOf: bytesOf.text });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key);
    expect([...cache.keys()].sort()).toEqual(['b', 'c', 'd']);
  });

  it('sizes other values by the JSON they would make', () => {
    expect(bytesOf.json({ title: 'x'.repeat(1000) })).toBeGreaterThan(1000);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(bytesOf.json(circular)).toBe(1024);
  });
});

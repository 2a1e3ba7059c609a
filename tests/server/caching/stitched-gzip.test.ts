import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressParts, stitchGzip } from '../../../src/server/caching/stitched-gzip.ts';

const page = (n: number) =>
  Buffer.from(`<section>${'<p class="text-lg">Speaker bio, repeated enough to compress.</p>'.repeat(n)}</section>`);

describe('stitchGzip', () => {
  it('makes one gzip member that any gunzip reads as the parts with the fields between them', () => {
    const parts = compressParts([page(200), Buffer.from('" data-now="'), page(150)]);
    const fields = [Buffer.from('1795000000000'), Buffer.from('1794999000000')];
    const gz = stitchGzip(parts, fields);
    expect(zlib.gunzipSync(gz).toString()).toBe(`${page(200)}1795000000000" data-now="1794999000000${page(150)}`);
    // Compressed once: far smaller than the page.
    expect(gz.length).toBeLessThan(page(350).length / 10);
  });

  it('changes only the fields from one request to the next', () => {
    const parts = compressParts([page(3), page(4)]);
    expect(zlib.gunzipSync(stitchGzip(parts, [Buffer.from('07')])).toString()).toBe(`${page(3)}07${page(4)}`);
    expect(zlib.gunzipSync(stitchGzip(parts, [Buffer.from('08')])).toString()).toBe(`${page(3)}08${page(4)}`);
  });

  it('copes with empty parts and empty or long fields', () => {
    const long = Buffer.alloc(70_000, 'x');
    const parts = compressParts([Buffer.alloc(0), Buffer.from('middle'), Buffer.alloc(0)]);
    expect(zlib.gunzipSync(stitchGzip(parts, [long, Buffer.alloc(0)])).toString()).toBe(`${long}middle`);
  });

  it('a single part is plain gzip', () => {
    const parts = compressParts([page(10)]);
    expect(zlib.gunzipSync(stitchGzip(parts, [])).toString()).toBe(page(10).toString());
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, NOT_AN_IMAGE, TOO_LARGE, TOO_MANY_PIXELS } from '../../../src/server/uploads/inspect-image.ts';
import { sanitizeSvg } from '../../../src/server/uploads/sanitize-svg.ts';
import { MAX_SVG_ELEMENTS, svgShapeError, TOO_DEEP, TOO_MANY_ELEMENTS } from '../../../src/server/uploads/svg-shape.ts';

const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#8b5cf6' } })
    .png()
    .toBuffer();

describe('inspectImage', () => {
  it('accepts a real PNG, JPEG and WebP by their content', async () => {
    expect(await inspectImage(await png())).toMatchObject({ ok: true, contentType: 'image/png', extension: 'png', width: 64, height: 32 });
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    expect(await inspectImage(jpeg)).toMatchObject({ ok: true, contentType: 'image/jpeg', extension: 'jpg' });
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    expect(await inspectImage(webp)).toMatchObject({ ok: true, contentType: 'image/webp' });
  });

  it('refuses a text file whatever it is called, a PDF, and an empty file', async () => {
    expect(await inspectImage(Buffer.from('hello, I am not a picture'))).toEqual({ ok: false, error: NOT_AN_IMAGE });
    expect(await inspectImage(Buffer.from('%PDF-1.7\n1 0 obj\n'))).toEqual({ ok: false, error: NOT_AN_IMAGE });
    expect(await inspectImage(Buffer.alloc(0))).toEqual({ ok: false, error: 'The file is empty.' });
  });

  it('refuses a file over 2 MB', async () => {
    const big = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(await inspectImage(big)).toEqual({ ok: false, error: TOO_LARGE });
  });

  it('refuses images over 8000 px a side or 24 MP in all, by their header', async () => {
    const solid = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
    expect(await inspectImage(await solid(8001, 10))).toEqual({ ok: false, error: TOO_MANY_PIXELS });
    expect(await inspectImage(await solid(6000, 4001))).toEqual({ ok: false, error: TOO_MANY_PIXELS });
    // A header declaring 30000 × 30000 pixels with no pixels behind it.
    const ihdr = Buffer.from('89504e470d0a1a0a0000000d49484452000075300000753008020000000000000000', 'hex');
    expect((await inspectImage(ihdr)).ok).toBe(false);
    expect(await inspectImage(await solid(6000, 4000))).toMatchObject({ ok: true, width: 6000, height: 4000 });
  });

  it('refuses a truncated PNG that does not decode', async () => {
    const broken = (await png()).subarray(0, 40);
    expect((await inspectImage(broken)).ok).toBe(false);
  });

  it('accepts an SVG, cleaned', async () => {
    const result = await inspectImage(
      Buffer.from('<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="4" fill="#8b5cf6"/></svg>'),
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.contentType).toBe('image/svg+xml');
      expect(result.data.toString()).not.toMatch(/script|onload|alert/i);
      expect(result.data.toString()).toContain('<circle');
    }
  });
});

describe('sanitizeSvg', () => {
  it('keeps drawing: shapes, viewBox, gradients and references inside the file', () => {
    const clean = sanitizeSvg(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="100" height="50" fill="url(#g)"/><text x="10" y="30" font-size="12">Logo</text></svg>',
    );
    expect(clean).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(clean).toContain('viewBox="0 0 100 50"');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('id="g"');
    expect(clean).toContain('stop-color="#fff"');
    expect(clean).toContain('>Logo</text>');
  });

  it.each([
    ['a script element', '<svg><script>alert(1)</script></svg>', /script|alert/i],
    ['an event handler', '<svg onload="alert(1)"><rect onclick="alert(2)" width="1" height="1"/></svg>', /onload|onclick|alert/i],
    ['an animate that sets a handler', '<svg><animate attributeName="onload" to="alert(1)"/></svg>', /animate|alert/i],
    [
      'a foreignObject with HTML',
      '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
      /foreignObject|iframe|javascript/i,
    ],
    ['a link', '<svg><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>', /<a|javascript/i],
    ['a use of an external file', '<svg><use href="https://evil.example.com/x.svg#a"/></svg>', /use|evil/i],
    ['a style sheet', '<svg><style>@import url(https://evil.example.com/x.css)</style></svg>', /style|evil/i],
    ['an external url() paint', '<svg><rect width="1" height="1" fill="url(https://evil.example.com/p.svg#x)"/></svg>', /evil/i],
    ['an image element', '<svg><image href="https://evil.example.com/tracker.png"/></svg>', /image|evil/i],
  ])('removes %s', (_, source, forbidden) => {
    const clean = sanitizeSvg(source);
    expect(clean).not.toBeNull();
    expect(clean).not.toMatch(forbidden);
  });

  it('gives null when there is no svg', () => {
    expect(sanitizeSvg('<html><body>hi</body></html>')).toBeNull();
  });
});

describe('hostile SVG shapes', () => {
  it('refuses deep nesting and too many elements with a message, before parsing', async () => {
    const nested = Buffer.from(`<svg>${'<g>'.repeat(650_000)}</svg>`);
    expect(await inspectImage(nested)).toEqual({ ok: false, error: TOO_MANY_ELEMENTS });
    expect(await inspectImage(Buffer.from(`<svg>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`))).toEqual({ ok: false, error: TOO_DEEP });
    const rects = Buffer.from(`<svg>${'<rect/>'.repeat(290_000)}</svg>`);
    expect(await inspectImage(rects)).toEqual({ ok: false, error: TOO_MANY_ELEMENTS });
    expect(svgShapeError(`<svg>${'<g><rect/></g>'.repeat(4000)}</svg>`)).toBeNull();
  });

  it('counts every place an element could start, up to the limit exactly', () => {
    // The <svg> element is one of them.
    expect(svgShapeError(`<svg>${'<rect/>'.repeat(MAX_SVG_ELEMENTS - 1)}</svg>`)).toBeNull();
    expect(svgShapeError(`<svg>${'<rect/>'.repeat(MAX_SVG_ELEMENTS)}</svg>`)).toEqual(TOO_MANY_ELEMENTS);
    expect(svgShapeError(`<SVG>${'<RECT/>'.repeat(MAX_SVG_ELEMENTS)}</SVG>`)).toEqual(TOO_MANY_ELEMENTS);
    // A "<" before a space, digit, "/" or "!" starts no element.
    expect(svgShapeError(`<svg><text>${'< 1<2</<!'.repeat(MAX_SVG_ELEMENTS)}</text></svg>`)).toBeNull();
  });

  it('sees nesting behind a quoted "/>" and end tags inside comments', () => {
    expect(svgShapeError(`<svg>${'<g a="/>">'.repeat(300)}</svg>`)).toEqual(TOO_DEEP);
    expect(svgShapeError(`<svg>${'<g><!--</g>-->'.repeat(300)}</svg>`)).toEqual(TOO_DEEP);
    expect(svgShapeError(`<svg>${'<g><!--></g>'.repeat(300)}</svg>`)).toBeNull();
    expect(svgShapeError(`<svg>${'<g><![CDATA[</g>]]>'.repeat(300)}</svg>`)).toEqual(TOO_DEEP);
  });

  it('refuses nesting the scan cannot see from the parse on its own thread', async () => {
    // A <p> leaves SVG for HTML, where "<x/>" does not close: the scan counts no depth.
    const hidden = Buffer.from(`<svg></svg><p>${'<x/>'.repeat(9000)}`);
    expect(svgShapeError(hidden.toString())).toBeNull();
    expect(await inspectImage(hidden)).toMatchObject({ ok: false });
  });

  it('stores at most 2 MB: a file that cleaning makes larger is refused', async () => {
    const grows = Buffer.from(`<svg>${'<rect x="1"/>'.repeat(9000)}${' '.repeat(1_900_000)}</svg>`);
    expect(grows.length).toBeLessThan(2 * 1024 * 1024);
    const result = await inspectImage(grows);
    if (result.ok) expect(result.data.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});

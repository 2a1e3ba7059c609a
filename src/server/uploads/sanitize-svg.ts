/**
 * Cleans an uploaded SVG to plain vector drawing. It is parsed with the same HTML parser
 * browsers use and passes an allow-list: shapes, text, gradients and clip paths only; no
 * scripts, no event handlers, no foreignObject, no <style>, no links, and no url() that points
 * anywhere but inside the file. What is left cannot run or load anything.
 */
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { visit } from 'unist-util-visit';

const SHAPE = [
  'fill',
  'fillOpacity',
  'fillRule',
  'stroke',
  'strokeWidth',
  'strokeOpacity',
  'strokeLinecap',
  'strokeLinejoin',
  'strokeDasharray',
  'strokeMiterlimit',
  'opacity',
  'transform',
  'clipPath',
  'clipRule',
  'mask',
  'id',
];
const TEXT = ['x', 'y', 'dx', 'dy', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'textAnchor', 'letterSpacing', 'dominantBaseline'];

const schema: Schema = {
  strip: ['script', 'style', 'foreignObject'],
  clobber: [],
  clobberPrefix: '',
  tagNames: [
    'svg',
    'g',
    'path',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'rect',
    'text',
    'tspan',
    'defs',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'title',
    'desc',
  ],
  attributes: {
    svg: ['viewBox', 'width', 'height', 'preserveAspectRatio', ...SHAPE],
    g: SHAPE,
    path: ['d', 'pathLength', ...SHAPE],
    circle: ['cx', 'cy', 'r', ...SHAPE],
    ellipse: ['cx', 'cy', 'rx', 'ry', ...SHAPE],
    line: ['x1', 'y1', 'x2', 'y2', ...SHAPE],
    polyline: ['points', ...SHAPE],
    polygon: ['points', ...SHAPE],
    rect: ['x', 'y', 'width', 'height', 'rx', 'ry', ...SHAPE],
    text: [...TEXT, ...SHAPE],
    tspan: [...TEXT, ...SHAPE],
    linearGradient: ['id', 'x1', 'y1', 'x2', 'y2', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
    radialGradient: ['id', 'cx', 'cy', 'r', 'fx', 'fy', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
    stop: ['offset', 'stopColor', 'stopOpacity'],
    clipPath: ['id', 'clipPathUnits', 'transform'],
    mask: ['id', 'x', 'y', 'width', 'height', 'maskUnits', 'maskContentUnits'],
  },
  protocols: {},
};

/** A url(...) may only point inside the file (url(#id)). */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?#)/i;

function dropExternalReferences(tree: Root): void {
  visit(tree, 'element', (node: Element) => {
    for (const [name, value] of Object.entries(node.properties)) {
      const text = Array.isArray(value) ? value.join(' ') : String(value ?? '');
      if (EXTERNAL_URL.test(text) || /javascript:/i.test(text)) delete node.properties[name];
    }
  });
}

/** The cleaned SVG document, or null when there is no <svg> drawing in the input. */
export function sanitizeSvg(source: string): string | null {
  const parsed = fromHtml(source, { fragment: true });
  const root = parsed.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  if (!root) return null;
  const clean = sanitize({ type: 'root', children: [root] }, schema) as Root;
  dropExternalReferences(clean);
  const svg = clean.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  if (!svg) return null;
  return toHtml(svg, { space: 'svg' }).replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

/**
 * Reading rendered markup in component tests with a real HTML parser (hast-util-from-html, the
 * parser the site's markdown pipeline already uses), instead of regular expressions over the
 * string: attributes in any order, entities decoded, nested elements found. Every query takes
 * the markup as a string or as an element found before, so a test narrows down step by step.
 */
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, Nodes, Root } from 'hast';
import { find, html as htmlSchema } from 'property-information';

/** Rendered markup, or a part of it already found. */
export type Markup = string | Nodes;

export function parseHtml(html: string): Root {
  return fromHtml(html, { fragment: true });
}

const treeOf = (markup: Markup): Nodes => (typeof markup === 'string' ? parseHtml(markup) : markup);

/** Every element of the tree (the element itself first, when given one), in document order. */
export function elements(markup: Markup): Element[] {
  const found: Element[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'element') found.push(node);
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(treeOf(markup));
  return found;
}

/** The elements with this tag name. */
export function elementsByTag(markup: Markup, tagName: string): Element[] {
  return elements(markup).filter((element) => element.tagName === tagName);
}

/** An attribute as written in the markup (lists joined as written), or undefined when absent. */
export function attribute(element: Element, name: string): string | undefined {
  const info = find(htmlSchema, name);
  const value = element.properties[info.property];
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return '';
  return Array.isArray(value) ? value.join(info.commaSeparated ? ',' : ' ') : String(value);
}

/** Every attribute of the element as written, by its HTML name (srcset, not srcSet). */
export function attributesOf(element: Element): Record<string, string> {
  const written: Record<string, string> = {};
  for (const property of Object.keys(element.properties)) {
    const name = find(htmlSchema, property).attribute;
    const value = attribute(element, name);
    if (value !== undefined) written[name] = value;
  }
  return written;
}

/** The elements that carry the attribute (with exactly this value, when given), in document order. */
export function allWithAttribute(markup: Markup, name: string, value?: string): Element[] {
  return elements(markup).filter((element) => {
    const written = attribute(element, name);
    return written !== undefined && (value === undefined || written === value);
  });
}

/** The first element that carries the attribute (and value); throws, failing the test, when there is none. */
export function withAttribute(markup: Markup, name: string, value?: string): Element {
  const [first] = allWithAttribute(markup, name, value);
  if (!first) throw new Error(`No element with ${value === undefined ? name : `${name}="${value}"`}`);
  return first;
}

/** The first element with this tag name; throws, failing the test, when there is none. */
export function firstByTag(markup: Markup, tagName: string): Element {
  const [first] = elementsByTag(markup, tagName);
  if (!first) throw new Error(`No <${tagName}> element`);
  return first;
}

/** The element with this id, or undefined. */
export function elementById(markup: Markup, id: string): Element | undefined {
  return elements(markup).find((element) => element.properties.id === id);
}

/** The element (or tree) written out again as HTML, e.g. to check a fragment such as <strong>x</strong>. */
export function outerHtml(markup: Nodes): string {
  return toHtml(markup);
}

/** The visible text, with the boundaries of elements read as spaces and white space collapsed. */
export function textOf(markup: Markup): string {
  const parts: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'text') parts.push(node.value);
    else if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(treeOf(markup));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The texts of the elements with this tag name, e.g. every h3's. */
export function textsOf(markup: Markup, tagName: string): string[] {
  return elementsByTag(markup, tagName).map((element) => textOf(element));
}

/** The levels of the headings, in document order. */
export function headingLevels(markup: Markup): number[] {
  return elements(markup).flatMap((element) => (/^h[1-6]$/.test(element.tagName) ? [Number(element.tagName[1])] : []));
}

/** The non-blank href of every element that has one. */
export function hrefs(markup: Markup): string[] {
  return elements(markup)
    .map((element) => attribute(element, 'href'))
    .filter((href): href is string => Boolean(href));
}

/** The links to http(s) addresses, with their target and rel. */
export function externalLinks(markup: Markup): { href: string; target: string | undefined; rel: string | undefined }[] {
  return elementsByTag(markup, 'a')
    .map((a) => ({ href: attribute(a, 'href') ?? '', target: attribute(a, 'target'), rel: attribute(a, 'rel') }))
    .filter((link) => /^https?:/.test(link.href));
}

export interface LinkReading {
  target: string | undefined;
  rel: string | undefined;
  download: string | undefined;
  text: string;
}

/** The first link (<a>) to exactly this href, read by the parser; undefined when there is none. */
export function linkTo(markup: Markup, href: string): LinkReading | undefined {
  const a = elementsByTag(markup, 'a').find((element) => attribute(element, 'href') === href);
  return a && { target: attribute(a, 'target'), rel: attribute(a, 'rel'), download: attribute(a, 'download'), text: textOf(a) };
}

/**
 * What a page must never carry, by element and attribute rather than by text: <script> elements,
 * style attributes and event handler attributes (on...). Empty when the markup is clean.
 */
export function unsafeMarkup(markup: Markup): string[] {
  return elements(markup).flatMap((element) => [
    ...(element.tagName === 'script' ? ['<script>'] : []),
    ...Object.keys(attributesOf(element))
      .filter((name) => name === 'style' || /^on[a-z]/.test(name))
      .map((name) => `<${element.tagName} ${name}>`),
  ]);
}

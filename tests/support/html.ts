/**
 * Reading rendered markup in component tests with a real HTML parser (hast-util-from-html, the
 * parser the site's markdown pipeline already uses), instead of regular expressions over the
 * string: attributes in any order, entities decoded, nested elements found.
 */
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes, Root } from 'hast';
import { find, html as htmlSchema } from 'property-information';

export function parseHtml(html: string): Root {
  return fromHtml(html, { fragment: true });
}

/** Every element of the tree, in document order. */
export function elements(tree: Nodes): Element[] {
  const found: Element[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'element') found.push(node);
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(tree);
  return found;
}

/** The elements with this tag name. */
export function elementsByTag(html: string, tagName: string): Element[] {
  return elements(parseHtml(html)).filter((element) => element.tagName === tagName);
}

/** An attribute as written in the markup (lists joined as written), or undefined when absent. */
export function attribute(element: Element, name: string): string | undefined {
  const info = find(htmlSchema, name);
  const value = element.properties[info.property];
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return '';
  return Array.isArray(value) ? value.join(info.commaSeparated ? ',' : ' ') : String(value);
}

/** The element with this id, or undefined. */
export function elementById(html: string, id: string): Element | undefined {
  return elements(parseHtml(html)).find((element) => element.properties.id === id);
}

/** The visible text, with the boundaries of elements read as spaces and white space collapsed. */
export function textOf(html: string | Nodes): string {
  const parts: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'text') parts.push(node.value);
    else if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(typeof html === 'string' ? parseHtml(html) : html);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The levels of the headings, in document order. */
export function headingLevels(html: string): number[] {
  return elements(parseHtml(html)).flatMap((element) => (/^h[1-6]$/.test(element.tagName) ? [Number(element.tagName[1])] : []));
}

/** The non-blank href of every element that has one. */
export function hrefs(html: string): string[] {
  return elements(parseHtml(html))
    .map((element) => attribute(element, 'href'))
    .filter((href): href is string => Boolean(href));
}

/** The links to http(s) addresses, with their target and rel. */
export function externalLinks(html: string): { href: string; target: string | undefined; rel: string | undefined }[] {
  return elementsByTag(html, 'a')
    .map((a) => ({ href: attribute(a, 'href') ?? '', target: attribute(a, 'target'), rel: attribute(a, 'rel') }))
    .filter((link) => /^https?:/.test(link.href));
}

/**
 * Turns content fields into safe HTML with the unified pipeline: markdown (which may contain
 * raw HTML, as shortDescription may be "HTML or markdown") is parsed, link targets outside the
 * URL policy are blanked, and the result passes rehype-sanitize's allow-list (GitHub's schema:
 * no scripts, no event handlers, no style, no iframes). Escaping of plain text fields is React's.
 */
import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { safeLinkUrl } from './url-policy.ts';

/** Blanks href/src values whose protocol the URL policy refuses (the link text stays). */
function blankUnsafeUrls() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const attribute of ['href', 'src'] as const) {
        const value = node.properties[attribute];
        if (typeof value === 'string') node.properties[attribute] = safeLinkUrl(value);
      }
    });
  };
}

/** Every link opens safely: content links leave the site, so they get rel="noopener noreferrer nofollow". */
function hardenLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'a') node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
    });
  };
}

const schema = {
  ...defaultSchema,
  // No "user-content-" id clobbering prefix games needed: ids and names are dropped entirely.
  clobber: [],
  attributes: {
    ...defaultSchema.attributes,
    a: ['href', 'title', 'rel'],
    '*': (defaultSchema.attributes?.['*'] ?? []).filter((name) => name !== 'id' && name !== 'name'),
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(blankUnsafeUrls)
  .use(rehypeSanitize, schema)
  .use(hardenLinks)
  .use(rehypeStringify)
  .freeze();

/**
 * The pipeline is costly (milliseconds per field) and pages show the same content again and
 * again, so results are kept by their source text: the output depends on nothing else.
 */
const rendered = new Map<string, string>();
const MAX_RENDERED = 5000;

/** Markdown (or HTML, or a mix) to sanitised HTML. Empty input gives ''. */
export function renderMarkup(source: string | null | undefined): string {
  if (!source?.trim()) return '';
  const hit = rendered.get(source);
  if (hit !== undefined) return hit;
  const html = String(processor.processSync(source)).trim();
  if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
  rendered.set(source, html);
  return html;
}

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
import { safeLinkUrl } from '../domain/url-policy.ts';
import { boundedCache, bytesOf } from '../server/caching/bounded-cache.ts';

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

/**
 * Every link opens safely: content links leave the site, so they get rel="noopener noreferrer
 * nofollow". Links to another site also open in a new tab (SPEC.md "External links open in new
 * tabs"): on a day page a listener who taps a speaker's website must not stop the episode. They
 * carry the same screen-reader hint as the components' external links. Runs after the
 * sanitiser, so the target and the hint are ours, never the author's.
 */
function hardenLinks(options: { newTabHint: boolean }) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a') return;
      node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
      const href = node.properties.href;
      if (typeof href === 'string' && /^https?:\/\//i.test(href)) {
        node.properties.target = '_blank';
        if (options.newTabHint)
          node.children.push({
            type: 'element',
            tagName: 'span',
            properties: { className: ['sr-only'] },
            children: [{ type: 'text', value: ' (opens in a new tab)' }],
          });
      }
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

/** Pages hint new tabs to screen readers; e-mail clients have no sr-only class, so mail does not. */
const processorFor = (newTabHint: boolean) =>
  unified()
    .use(remarkParse)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(blankUnsafeUrls)
    .use(rehypeSanitize, schema)
    .use(hardenLinks, { newTabHint })
    .use(rehypeStringify)
    .freeze();

const forPages = processorFor(true);
const forMail = processorFor(false);

/**
 * Sanitised HTML: only renderMarkup produces it, so a component that places HTML with
 * dangerouslySetInnerHTML can take this type and know it passed the sanitiser.
 */
export type SafeHtml = string & { readonly __brand: 'SafeHtml' };

/**
 * The pipeline is costly (milliseconds per field) and pages show the same content again and
 * again, so results are kept by their source text (the output depends on nothing else), in an
 * LRU bounded by entries and by bytes so no amount of content can grow it without limit.
 */
const rendered = boundedCache<SafeHtml>({ name: 'rendered markup', maxEntries: 5000, maxBytes: 8 * 1024 * 1024, sizeOf: bytesOf.text });

function renderWith(processor: typeof forPages, cacheKey: string, source: string | null | undefined): SafeHtml {
  if (!source?.trim()) return '' as SafeHtml;
  const hit = rendered.get(cacheKey);
  if (hit !== undefined) return hit;
  const html = String(processor.processSync(source)).trim() as SafeHtml;
  rendered.set(cacheKey, html);
  return html;
}

/** Markdown (or HTML, or a mix) to sanitised HTML. Empty input gives ''. */
export function renderMarkup(source: string | null | undefined): SafeHtml {
  return renderWith(forPages, source ?? '', source);
}

/** The same for an e-mail body: the same sanitiser and link policy, without the page-only hint. */
export function renderMarkupForEmail(source: string | null | undefined): SafeHtml {
  return renderWith(forMail, `mail\u0000${source ?? ''}`, source);
}

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
import { markdownOverLimit } from '../domain/markdown-limits.ts';
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
 * nofollow". Links to another site also open in a new tab (docs/PRODUCT.md "Markdown, HTML and links"): on a day page a listener who taps a speaker's website must not stop the episode. They
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
const renderedFields = boundedCache<SafeHtml>({
  name: 'rendered markup',
  maxEntries: 5000,
  maxBytes: 8 * 1024 * 1024,
  sizeOf: bytesOf.text,
});

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The field as plain text: each paragraph escaped, its line breaks kept. Linear in its length. */
function asPlainText(source: string): SafeHtml {
  const paragraphs = source
    .trim()
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return paragraphs.map((paragraph) => `<p>${escaped(paragraph).replace(/\n/g, '<br>\n')}</p>`).join('\n') as SafeHtml;
}

/**
 * The field through the pipeline when it is within the markdown limits (domain/markdown-limits.ts),
 * else as plain text: the parser's time and stack grow past any bound with some shapes. Should
 * the pipeline still fail, the field alone shows as plain text, never the page around it.
 */
function rendered(processor: typeof forPages, source: string): SafeHtml {
  if (markdownOverLimit(source) !== null) return asPlainText(source);
  try {
    return String(processor.processSync(source)).trim() as SafeHtml;
  } catch {
    return asPlainText(source);
  }
}

function renderWith(processor: typeof forPages, cacheKey: string, source: string | null | undefined): SafeHtml {
  if (!source?.trim()) return '' as SafeHtml;
  const hit = renderedFields.get(cacheKey);
  if (hit !== undefined) return hit;
  const html = rendered(processor, source);
  renderedFields.set(cacheKey, html);
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

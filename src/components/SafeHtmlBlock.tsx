/**
 * The one way a page places HTML: sanitised HTML (the SafeHtml type, which only
 * src/markup/safe-html.ts produces, on the server) in a <div>. Components take content already
 * rendered (src/domain/shown-content.ts) and never render markdown; dangerouslySetInnerHTML
 * appears here and in the few files tools/import-boundaries.ts lists with their reason.
 */
import type { SafeHtml } from '../markup/safe-html.ts';

/** Placed markdown, styled like the host views: links underlined, lists marked, paragraphs spaced. */
export const MARKUP_CLASS = 'text-muted [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p+p]:mt-3 [&_ul]:list-disc';

export interface SafeHtmlBlockProps {
  html: SafeHtml;
  className?: string;
  /** Markers for tests and scripts, e.g. data-host-bio="". */
  [data: `data-${string}`]: string;
}

/** Attributes come out in the order given (data markers first where the caller puts them first). */
export function SafeHtmlBlock({ html, ...attributes }: SafeHtmlBlockProps) {
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}

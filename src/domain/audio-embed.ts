/**
 * What an episode or hello-audio value holds (docs/PRODUCT.md "Episode player and episodes"): an embed snippet
 * containing an iframe, a plain embed id, or nothing. An iframe is kept only when its src is
 * https on the configured audio host; the player then renders its own clean <iframe> with that
 * src, never the snippet itself. Anything else that looks like markup is dropped.
 */
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';

export type AudioEmbed = { kind: 'iframe'; src: string } | { kind: 'id'; id: string } | { kind: 'none' };

function firstIframeSrc(snippet: string): string | null {
  let src: string | null = null;
  visit(fromHtml(snippet, { fragment: true }), 'element', (node: Element) => {
    if (src === null && node.tagName === 'iframe' && typeof node.properties.src === 'string') src = node.properties.src;
  });
  return src;
}

export function isAllowedAudioSrc(src: string, audioHost: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname === audioHost.toLowerCase();
  } catch {
    return false;
  }
}

export function parseAudioEmbed(value: string | null | undefined, audioHost: string): AudioEmbed {
  const trimmed = value?.trim();
  if (!trimmed) return { kind: 'none' };
  if (/<\s*iframe/i.test(trimmed)) {
    const src = firstIframeSrc(trimmed);
    return src && isAllowedAudioSrc(src, audioHost) ? { kind: 'iframe', src } : { kind: 'none' };
  }
  if (trimmed.includes('<')) return { kind: 'none' };
  return { kind: 'id', id: trimmed };
}

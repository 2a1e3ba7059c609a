/**
 * What "Listen in your podcast app" shows (issue 17, item 6): the feed URL, each app's
 * subscribe link, and a QR code of the feed URL for a phone, drawn on the server as SVG by the
 * `qrcode` package (no script, no image request). QR codes are kept per URL: a registrant sees
 * the same one on every page.
 */
import QRCode from 'qrcode';
import { subscribeLinks, type SubscribeOptions } from '../../domain/podcast/subscribe.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';

/** A feed URL's QR code as SVG is about 2.3 KB (measured); counted as 4 KB, since a promise has no length. */
const QR_SVG_BYTES = 4 * 1024;
const drawn = boundedCache<Promise<string>>({
  name: 'QR codes',
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: () => QR_SVG_BYTES,
});
/** The same codes once drawn, as text, for answers that cannot wait. */
const drawnSvgs = boundedCache<string>({ name: 'QR codes drawn', maxEntries: 10_000, maxBytes: 32 * 1024 * 1024, sizeOf: bytesOf.text });

function qrSvgFor(url: string): Promise<string> {
  let svg = drawn.get(url);
  if (!svg) {
    svg = QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1F1630', light: '#FFFFFF' } });
    drawn.set(url, svg);
    svg.then(
      (text) => drawnSvgs.set(url, text),
      () => drawn.delete(url),
    );
  }
  return svg;
}

/** The QR code of a URL when it is drawn already (the cached-page route never waits), else undefined. */
export function drawnQrSvg(url: string): string | undefined {
  return drawnSvgs.get(url);
}

export async function subscribeOptions(feedUrl: string): Promise<SubscribeOptions> {
  return { feedUrl, links: subscribeLinks(feedUrl), qrSvg: await qrSvgFor(feedUrl) };
}

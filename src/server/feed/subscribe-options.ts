/**
 * What "Listen in your podcast app" shows (decision 0020): the feed URL, each app's
 * subscribe link, and a QR code of the feed URL for a phone, drawn on the server as SVG by the
 * `qrcode` package (no script, no image request). QR codes are kept per URL: a registrant sees
 * the same one on every page.
 */
import QRCode from 'qrcode';
import { subscribeLinks, type SubscribeOptions } from '../../domain/podcast/subscribe.ts';
import { boundedCache } from '../caching/bounded-cache.ts';

/** A QR code being drawn, and its text once drawn (for answers that cannot wait). */
interface DrawnCode {
  drawing: Promise<string>;
  svg?: string;
}

/** A feed URL's QR code as SVG is about 2.3 KB (measured); counted as 4 KB, whether drawn or still drawing. */
const QR_SVG_BYTES = 4 * 1024;
const drawn = boundedCache<DrawnCode>({
  name: 'QR codes',
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: () => QR_SVG_BYTES,
});

/** The QR code of a URL, drawn once and kept. */
export function qrSvgFor(url: string): Promise<string> {
  const known = drawn.get(url);
  if (known) return known.drawing;
  const code: DrawnCode = {
    drawing: QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1F1630', light: '#FFFFFF' } }),
  };
  drawn.set(url, code);
  code.drawing.then(
    (svg) => (code.svg = svg),
    () => drawn.delete(url),
  );
  return code.drawing;
}

/** The QR code of a URL when it is drawn already (the cached-page route never waits), else undefined. */
export function drawnQrSvg(url: string): string | undefined {
  return drawn.get(url)?.svg;
}

export async function subscribeOptions(feedUrl: string): Promise<SubscribeOptions> {
  return { feedUrl, links: subscribeLinks(feedUrl), qrSvg: await qrSvgFor(feedUrl) };
}

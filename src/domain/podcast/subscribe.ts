/**
 * "Listen in your podcast app" (decision 0020): the one-tap subscribe links of the apps
 * that take a private feed by URL scheme. Each app documents its own scheme:
 * - Apple Podcasts: podcast://{host}/{path} (the feed URL with its scheme replaced);
 * - Overcast: overcast://x-callback-url/add?url={encoded feed URL};
 * - Pocket Casts: pktc://subscribe/{host}/{path}.
 */
export interface SubscribeLink {
  app: 'Apple Podcasts' | 'Overcast' | 'Pocket Casts';
  href: string;
}

export function subscribeLinks(feedUrl: string): SubscribeLink[] {
  const withoutScheme = feedUrl.replace(/^https?:\/\//i, '');
  return [
    { app: 'Apple Podcasts', href: `podcast://${withoutScheme}` },
    { app: 'Overcast', href: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}` },
    { app: 'Pocket Casts', href: `pktc://subscribe/${withoutScheme}` },
  ];
}

/** What "Listen in your podcast app" shows: built on the server (src/server/feed/subscribe-options.ts). */
export interface SubscribeOptions {
  feedUrl: string;
  links: SubscribeLink[];
  /** An <svg> element drawn by the qrcode package from the feed URL alone. */
  qrSvg: string;
}

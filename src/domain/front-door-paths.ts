/**
 * The one table of the paths answered in plain Node before Astro (src/server/front-door/pipeline.ts):
 * they are no files under src/pages, so the edition slug check (reserved-slugs.ts) reads their
 * first segments here, beside the pages, and each route matches its requests with its row.
 */
export const FRONT_DOOR_PATHS = {
  /** An episode's audio and texts, posted by the admin's episodes form (decision 0020). */
  episodeUpload: /^\/admin\/editions\/([a-z][a-z0-9-]{1,39})\/episodes$/,
  /** An edition archive (.zip with its audio) to import (decision 0035). */
  editionArchiveUpload: /^\/admin\/editions\/archive\/?$/,
  /** A registrant's private podcast feed, its audio and episode texts, and the /listen links. */
  feed: /^\/feed\/([A-Za-z0-9_-]{1,80})\.xml$/,
  feedAudio: /^\/feed\/([A-Za-z0-9_-]{1,80})\/(\d{1,10})(?:\.([a-z0-9]{2,4}))?$/,
  feedText: /^\/feed\/([A-Za-z0-9_-]{1,80})\/(\d{1,10})\/(transcript\.(?:vtt|srt|txt)|chapters\.json)$/,
  listen: /^\/listen\/(\d{1,10})(?:\.([a-z0-9]{2,4}))?$/,
  /** The RFC 8058 one-click unsubscribe POST. */
  oneClickUnsubscribe: /^\/unsubscribe\/([^/?#]{1,80})$/,
} as const satisfies Record<string, RegExp>;

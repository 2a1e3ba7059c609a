/** A row of the admin's share-links screen (decision 0038): built by src/server/attribution, shown by src/views/admin. */
export interface ShareLinkRow {
  id: number;
  name: string;
  /** Whose link it is; 'unlisted' once the person was removed (the link and its numbers stay). */
  kind: 'speaker' | 'host' | 'unlisted';
  code: string;
  /** The address to share: `{site}/r/{code}`. */
  shareUrl: string;
  /** The speaker's own page (absolute), or null while it is revoked. */
  pageUrl: string | null;
}

/** What the last POST did: a message for the screen, and the row and field it was about when refused. */
export interface ShareLinkNotice {
  ok: boolean;
  message: string;
  /** The link whose code was refused, with what was typed (kept in its field). */
  refused?: { id: number; code: string };
}

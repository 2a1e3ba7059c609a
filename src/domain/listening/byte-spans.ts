/**
 * The bytes of an episode a listener has been sent, as disjoint spans, so a download made of many
 * range requests (a browser player seeking, a podcast app resuming) adds up (IAB Podcast
 * Measurement Technical Guidelines v2.3, section 5.5.2 step 1.3 2b: "reassembling requests").
 * Spans are half-open: [start, end).
 */
export interface ByteSpan {
  start: number;
  end: number;
}

/** What a Range header asked for, as far as counting needs it. */
export type RequestedRange =
  /** No Range header, or one a media server answers with the whole file (malformed, several ranges). */
  | { kind: 'whole' }
  /** bytes=a-b (end exclusive here) or bytes=a- (end null: to the end of the file). */
  | { kind: 'from'; start: number; end: number | null }
  /** bytes=-n: the last n bytes. */
  | { kind: 'suffix'; length: number }
  /** bytes=0-1: an app checking that ranges work; never a download (IAB step 1.2, item 6). */
  | { kind: 'probe' };

const SINGLE_RANGE = /^bytes=\s*(\d{0,15})\s*-\s*(\d{0,15})\s*$/i;

export function parseRange(header: string | null | undefined): RequestedRange {
  if (!header) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') return { kind: 'suffix', length: Number(last) };
  const start = Number(first);
  if (last === '') return { kind: 'from', start, end: null };
  const end = Number(last) + 1;
  if (end <= start) return { kind: 'whole' };
  if (start === 0 && end === 2) return { kind: 'probe' };
  return { kind: 'from', start, end };
}

/**
 * The span a request asked for, when the bytes actually sent are unknown (a redirect to audio kept
 * elsewhere): `size` is the file's size when known. Unknown size and an open end: the rest of the
 * file, as far as anyone can tell (Infinity).
 */
export function requestedSpan(range: RequestedRange, size: number | null): ByteSpan | null {
  const end = size ?? Number.POSITIVE_INFINITY;
  switch (range.kind) {
    case 'probe':
      return null;
    case 'whole':
      return { start: 0, end };
    case 'suffix':
      return size === null ? null : { start: Math.max(0, size - range.length), end: size };
    case 'from': {
      const stop = Math.min(range.end ?? end, end);
      return stop > range.start ? { start: range.start, end: stop } : null;
    }
  }
}

/**
 * The most spans one listener's download keeps. A player sends a handful; a client sending more
 * disjoint slivers than this adds nothing more (counted conservatively), and memory stays bounded.
 */
export const MAX_SPANS = 64;

/** The spans with one more added, merged where they touch or overlap; sorted by start. */
export function addSpan(spans: readonly ByteSpan[], span: ByteSpan): ByteSpan[] {
  if (span.end <= span.start) return [...spans];
  const merged: ByteSpan[] = [];
  for (const next of [...spans, span].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ ...next });
  }
  return merged.length > MAX_SPANS ? [...spans] : merged;
}

/** How many distinct bytes the spans cover, wherever in the file: a minute heard from the middle is a minute heard. */
export function coveredBytes(spans: readonly ByteSpan[]): number {
  return spans.reduce((sum, span) => sum + (span.end - span.start), 0);
}

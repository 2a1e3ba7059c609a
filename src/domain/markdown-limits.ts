/**
 * What a markdown field may hold before it is parsed as markdown. The parser (micromark, under
 * remark) recurses once per level of nesting, so 3,000 ">" overflow the stack; and some of its
 * steps take time growing with the square of a shape's count (emphasis delimiters, code
 * backticks, link brackets, raw HTML tags, nested containers, lines), so "*a" repeated 10,000
 * times held the server for over a second. A field past any limit below is shown as its plain
 * text instead (src/markup/safe-html.ts).
 *
 * The scan reads each character once and stops at the first limit passed: linear, whatever the
 * input. The limits leave room for any real bio, description or e-mail (a long e-mail is about
 * 150 lines and a few dozen marks of each kind).
 */

/** The longest markdown field: the largest any form takes (bios, episode descriptions, e-mail bodies). */
export const MARKDOWN_MAX_CHARS = 20_000;
/** Lines: the parser's work per line is large, and a field of 20,000 one-letter lines was slow. */
export const MARKDOWN_MAX_LINES = 500;
/** Quotes and lists inside each other ("> > >", "- - -", "  - " indented by two per level). */
export const MARKDOWN_MAX_NESTING = 8;
/** The levels of all lines together: each line inside quotes and lists costs the parser again per level. */
export const MARKDOWN_MAX_NESTED_LINES = 500;
/** Of each kind of mark whose matching costs the square of its count. */
export const MARKDOWN_MAX_MARKS = 500;

/** The kinds of marks counted, each by the characters that make it. */
const MARK_KINDS: Record<string, string> = {
  emphasis: '*_',
  code: '`',
  links: '[]',
  tags: '<',
};
const KIND_OF = new Map(Object.entries(MARK_KINDS).flatMap(([kind, chars]) => [...chars].map((char) => [char, kind] as const)));

export type MarkdownOverLimit = 'too-long' | 'too-many-lines' | 'too-deep' | 'too-much-nesting' | 'too-many-marks';

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';
const endsMarker = (char: string | undefined) => char === undefined || char === '\n' || isSpace(char);

/** Where a list item's ordered marker ("12." or "3)") ends at `at`, or -1 when there is none. */
function orderedMarkerEnd(line: string, at: number): number {
  let end = at;
  while (end < line.length && end - at < 9 && line[end]! >= '0' && line[end]! <= '9') end++;
  return end > at && (line[end] === '.' || line[end] === ')') && endsMarker(line[end + 1]) ? end + 1 : -1;
}

/**
 * How deep a line opens quotes and lists: its leading ">" and list markers, and its indentation
 * before them counted as a level per two columns (how a nested list is usually written). It may
 * count more than the parser would, never less.
 */
export function lineNesting(line: string): number {
  let at = 0;
  let columns = 0;
  while (isSpace(line[at])) columns += line[at++] === '\t' ? 4 : 1;
  let markers = 0;
  for (;;) {
    while (isSpace(line[at])) at++;
    const char = line[at];
    if (char === '>') at += 1;
    else if ((char === '-' || char === '+' || char === '*') && endsMarker(line[at + 1])) at += 1;
    else if (orderedMarkerEnd(line, at) > 0) at = orderedMarkerEnd(line, at);
    else break;
    markers++;
    if (markers > MARKDOWN_MAX_NESTING) break;
  }
  return markers === 0 ? 0 : markers + Math.floor(columns / 2);
}

/** The first limit the field passes, or null when it may be parsed as markdown. */
export function markdownOverLimit(source: string): MarkdownOverLimit | null {
  if (source.length > MARKDOWN_MAX_CHARS) return 'too-long';
  const marks = new Map<string, number>();
  let lines = 0;
  let levels = 0;
  for (let start = 0; start <= source.length; lines++) {
    if (lines >= MARKDOWN_MAX_LINES) return 'too-many-lines';
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline;
    const line = source.slice(start, end);
    const nesting = lineNesting(line);
    if (nesting > MARKDOWN_MAX_NESTING) return 'too-deep';
    levels += nesting;
    if (levels > MARKDOWN_MAX_NESTED_LINES) return 'too-much-nesting';
    for (const char of line) {
      const kind = KIND_OF.get(char);
      if (!kind) continue;
      const count = (marks.get(kind) ?? 0) + 1;
      if (count > MARKDOWN_MAX_MARKS) return 'too-many-marks';
      marks.set(kind, count);
    }
    start = end + 1;
  }
  return null;
}

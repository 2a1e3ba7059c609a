/**
 * A cheap look at an uploaded SVG's shape before anything parses it: how many
 * elements it could hold and how deeply they could nest. Parsing a document costs time and stack
 * in proportion to those, so a hostile one (650,000 nested groups, 290,000 rectangles) is refused
 * here in one linear pass. The count over-estimates (every `<` followed by a letter counts, in
 * comments too); the depth follows start and end tags as the parser would for plain markup. It
 * is a first refusal, not the only guard: the parse itself runs on its own thread
 * (clean-svg.ts), which also refuses what nests too deeply for it.
 */

/** Far more than any logo needs (a detailed traced logo has a few thousand shapes). */
export const MAX_SVG_ELEMENTS = 10_000;
/** Far deeper than any drawing program nests groups; the parser's stack allows about ten times this. */
export const MAX_SVG_DEPTH = 200;

export const TOO_DEEP = `The SVG is too deeply nested (at most ${MAX_SVG_DEPTH} levels). Please simplify or export it again.`;
export const TOO_MANY_ELEMENTS = `The SVG has too many shapes (at most ${MAX_SVG_ELEMENTS.toLocaleString('en-US')}). Please simplify it or upload a PNG.`;

/**
 * What the HTML tokenizer skips (a comment, `<!-->` included; CDATA; `<!…>` and `<?…>`), or a
 * start tag (name, attributes with quoted values, optional self-closing slash) or end tag.
 */
const TOKEN =
  /<!--(?:-?>|[\s\S]*?(?:--!?>|$))|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([A-Za-z][^\s/>]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

/**
 * Whether more than `limit` places in `text` could start an element (`<` then a letter). It
 * stops at the first over the limit and builds no list, so a hostile file costs microseconds:
 * collecting every match of /<[A-Za-z]/g held the event loop for 25-100 ms on 650,000 groups.
 */
function moreElementStartsThan(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const letter = text.charCodeAt(at + 1) | 0x20; // lower case, for ASCII letters
    if (letter >= 0x61 && letter <= 0x7a && ++count > limit) return true;
  }
  return false;
}

/** Why the SVG is refused before parsing, or null when its shape is within the limits. */
export function svgShapeError(text: string): string | null {
  if (moreElementStartsThan(text, MAX_SVG_ELEMENTS)) return TOO_MANY_ELEMENTS;
  const open: string[] = [];
  for (const [, closing, rawName, selfClosing] of text.matchAll(TOKEN)) {
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
    } else if (!selfClosing) {
      open.push(name);
      if (open.length > MAX_SVG_DEPTH) return TOO_DEEP;
    }
  }
  return null;
}

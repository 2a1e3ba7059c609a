/**
 * Markdown fields an attacker wrote: nesting that overflowed the parser's stack and marks whose
 * matching took time growing with the square of their count. Each field renders in about the
 * time an ordinary field of its size takes, or as its plain text, and never throws.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkup, renderMarkupForEmail } from '../../src/markup/safe-html.ts';
import {
  lineNesting,
  MARKDOWN_MAX_CHARS,
  MARKDOWN_MAX_LINES,
  MARKDOWN_MAX_MARKS,
  MARKDOWN_MAX_NESTING,
  markdownOverLimit,
} from '../../src/domain/markdown-limits.ts';

const lines = (line: string, count: number) => Array.from({ length: count }, () => line).join('\n');

/** Each shape at the size the attacker used, or the largest field a form takes. */
const HOSTILE_FIELDS: Record<string, string> = {
  "3,000 '>' (a stack overflow)": '>'.repeat(3000),
  "3,000 '> ' and a word": `${'> '.repeat(3000)}x`,
  "'*a' 10,000 times (1.4 s)": '*a'.repeat(10_000),
  "'**a' 6,000 times": '**a'.repeat(6000),
  "'_a' 10,000 times": '_a'.repeat(10_000),
  "5,000 '*' around a word": `${'*'.repeat(5000)}a${'*'.repeat(5000)}`,
  "5,000 '['": '['.repeat(5000),
  "'[a](' 5,000 times": '[a]('.repeat(5000),
  "'![a' 5,000 times": '![a'.repeat(5000),
  "'`a' 10,000 times": '`a'.repeat(10_000),
  "'<div>' 4,000 times (nested HTML)": '<div>'.repeat(4000),
  "20,000 '<'": '<'.repeat(20_000),
  "'- ' 3,000 times (a list in a list …)": `${'- '.repeat(3000)}x`,
  "'1. ' 3,000 times": `${'1. '.repeat(3000)}x`,
  'a list nested 200 levels by indentation': Array.from({ length: 200 }, (_, level) => `${'  '.repeat(level)}- x`).join('\n'),
  'quotes 9 deep on 2,000 lines': lines(`${'> '.repeat(9)}x`, 2000),
  'setext headings on 5,000 lines': lines('a\n=', 2500),
  '5,000 one-letter paragraphs': lines('a\n', 5000),
  'a megabyte of words': 'word '.repeat(200_000),
};

/** An ordinary long field: paragraphs with links and emphasis, what a bio or e-mail holds. */
const ORDINARY = 'Some ordinary words, with a [link](https://example.com) here and *there*.\n\n'.repeat(130);

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe('hostile markdown fields', () => {
  let ordinary = 0;
  beforeAll(() => {
    // Each render a new text: the renderer keeps what it rendered.
    ordinary = Math.min(...[1, 2, 3].map((run) => timed(() => renderMarkup(`${ORDINARY}${run}`))));
  });

  it('the ordinary field is within the limits and rendered as markdown', () => {
    expect(markdownOverLimit(ORDINARY)).toBeNull();
    expect(renderMarkup(ORDINARY)).toContain('<a href="https://example.com"');
  });

  it.each(Object.entries(HOSTILE_FIELDS))('renders %s in about the time of an ordinary field, without throwing', (_name, field) => {
    let pageHtml = '';
    let mailHtml = '';
    const took = timed(() => {
      pageHtml = renderMarkup(field);
      mailHtml = renderMarkupForEmail(field);
    });
    // The ordinary render just before scales the bound with how busy the machine is; before the
    // limits these took seconds (or overflowed the stack) where an ordinary field takes tens of ms.
    expect(took, `ordinary ${Math.round(ordinary)} ms`).toBeLessThan(200 + 3 * ordinary);
    expect(pageHtml.length).toBeGreaterThan(0);
    expect(mailHtml.length).toBeGreaterThan(0);
  });

  it('shows a field past the limits as its escaped text, paragraphs and lines kept', () => {
    const field = `${'> '.repeat(20)}<script>alert(1)</script> & "quotes"\nsecond line\n\nnext paragraph`;
    expect(markdownOverLimit(field)).toBe('too-deep');
    expect(renderMarkup(field)).toBe(
      `<p>${'&gt; '.repeat(20)}&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;<br>\nsecond line</p>\n<p>next paragraph</p>`,
    );
  });
});

describe('markdownOverLimit', () => {
  it('names the limit a field passes', () => {
    expect(markdownOverLimit('x'.repeat(MARKDOWN_MAX_CHARS + 1))).toBe('too-long');
    expect(markdownOverLimit(lines('a', MARKDOWN_MAX_LINES + 1))).toBe('too-many-lines');
    expect(markdownOverLimit(`${'>'.repeat(MARKDOWN_MAX_NESTING + 1)} x`)).toBe('too-deep');
    expect(markdownOverLimit(lines('> > x', 300))).toBe('too-much-nesting');
    expect(markdownOverLimit('*a'.repeat(MARKDOWN_MAX_MARKS + 1))).toBe('too-many-marks');
    expect(markdownOverLimit('[a]'.repeat(MARKDOWN_MAX_MARKS))).toBe('too-many-marks');
  });

  it('passes what real fields hold: a reply quoted twice, a nested list, code, a table of links', () => {
    const field = [
      '> > Thank you for the **session**!',
      '> Glad you liked it.',
      '',
      '- First',
      '  - Second, with `code`',
      '    1. Third',
      '',
      ...Array.from({ length: 40 }, (_, i) => `* [Episode ${i}](https://example.com/${i}) — _${i} min_`),
    ].join('\n');
    expect(markdownOverLimit(field)).toBeNull();
  });

  it('counts a line’s nesting by its leading quotes, list markers and indentation', () => {
    expect(lineNesting('plain text')).toBe(0);
    expect(lineNesting('-not a list')).toBe(0);
    expect(lineNesting('> > quoted twice')).toBe(2);
    expect(lineNesting('>>> three')).toBe(3);
    expect(lineNesting('- * + 1. 2) x')).toBe(5);
    expect(lineNesting('    - indented twice')).toBe(3);
    expect(lineNesting('        code, not nesting')).toBe(0);
  });
});

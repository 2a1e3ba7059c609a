import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { isSafeLinkUrl, safeLinkUrl } from '../../src/domain/url-policy.ts';

describe('link URL policy', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b#c',
    'irc://irc.example.org/chan',
    'ircs://x',
    'mailto:a@example.com',
    'xmpp:me@example.com',
    'HTTPS://EXAMPLE.COM',
  ])('keeps %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
    expect(safeLinkUrl(url)).toBe(url);
  });
  it.each(['/speakers', '#faq', 'page?x=1', './a:b'])('keeps the relative reference %s', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'tel:+61000000',
  ])('blanks %j', (url) => {
    expect(safeLinkUrl(url)).toBe('');
  });
});

describe('renderMarkup', () => {
  it('renders markdown', () => {
    expect(renderMarkup('Hello **world**')).toBe('<p>Hello <strong>world</strong></p>');
  });
  it('keeps allowed links, marks them noopener and opens links to other sites in a new tab', () => {
    expect(renderMarkup('[site](https://example.com)')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site<span class="sr-only"> (opens in a new tab)</span></a></p>',
    );
  });
  it('opens raw HTML links in a new tab too, overriding an author-given target', () => {
    const html = renderMarkup('<a href="http://example.com/x" target="_self">x</a>');
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain('_self');
  });
  it('keeps same-site and mail links in the same tab', () => {
    expect(renderMarkup('[days](/day-1) [mail](mailto:a@example.com)')).not.toContain('target=');
  });
  it('blanks a javascript: link but keeps its text', () => {
    const html = renderMarkup('[click](javascript:alert(1))');
    expect(html).toContain('>click</a>');
    expect(html).not.toMatch(/javascript/i);
  });
  it('accepts simple HTML, as shortDescription may be HTML', () => {
    expect(renderMarkup('<p>Learn to <strong>rest</strong></p>')).toBe('<p>Learn to <strong>rest</strong></p>');
  });
  it.each([
    ['<script>window.pwned=1</script>', /<script/i],
    ['<img src=x onerror="window.pwned=1">', /onerror/i],
    ['<a href="javascript:window.pwned=1">x</a>', /javascript/i],
    ['<svg onload="window.pwned=1"><circle/></svg>', /onload|<svg/i],
    ['<iframe src="https://evil.example.com"></iframe>', /<iframe/i],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ['<p style="background:url(javascript:x)">x</p>', /style/i],
    ['<div><p>unclosed <b>markup', /<script/i],
  ])('removes the payload in %s', (payload, forbidden) => {
    expect(renderMarkup(payload)).not.toMatch(forbidden);
  });
  it('gives an empty string for empty input', () => {
    expect(renderMarkup(null)).toBe('');
    expect(renderMarkup('   ')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { fieldMarker, pageTemplate, splitAtSlot, PERSONAL_SLOT_MARKUP } from '../../src/domain/personal-page.ts';

const shell = splitAtSlot(`<main>${PERSONAL_SLOT_MARKUP}<p>${fieldMarker('deadline')} in a speaker bio stays text</p></main>`)!;

describe('pageTemplate', () => {
  it('cuts the shell with its banner at the banner’s field markers, in the order they appear', () => {
    const banner = `<div data-deadline="${fieldMarker('deadline')}" data-now="${fieldMarker('serverNow')}"><span>${fieldMarker('seconds')}</span></div>`;
    const template = pageTemplate(shell, banner, ['seconds', 'deadline', 'serverNow'] as const)!;
    expect(template.fields).toEqual(['deadline', 'serverNow', 'seconds']);
    expect(template.parts).toEqual([
      '<main><div data-deadline="',
      '" data-now="',
      '"><span>',
      `</span></div><p>${fieldMarker('deadline')} in a speaker bio stays text</p></main>`,
    ]);
  });

  it('a banner without fields (the session notice, an untimed page) is one part', () => {
    expect(pageTemplate(shell, '<p>notice</p>', ['deadline'] as const)).toEqual({
      parts: [`<main><p>notice</p><p>${fieldMarker('deadline')} in a speaker bio stays text</p></main>`],
      fields: [],
    });
  });

  it('refuses a banner that shows a field twice', () => {
    expect(pageTemplate(shell, `${fieldMarker('days')}${fieldMarker('days')}`, ['days'] as const)).toBeNull();
  });
});

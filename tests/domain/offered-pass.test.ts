/**
 * No one is offered a pass they hold (decision 0057): what may be offered to each tier, and how a
 * message's offer is found in its words and left out for a holder; the default e-mails name the
 * passes by merge fields, and the revision offered to older editions finds the old words.
 */
import { describe, expect, it } from 'vitest';
import { defaultRevisions, revisedDefault } from '../../src/domain/mail/default-revisions.ts';
import { defaultSequence } from '../../src/domain/mail/default-sequence.ts';
import { mergeFields, unknownMergeFields } from '../../src/domain/mail/merge-fields.ts';
import { isOfferMessage, usesOffer, withoutOffer } from '../../src/domain/mail/offer-blocks.ts';
import { offeredPass, passesAbove } from '../../src/domain/offered-pass.ts';

describe('what may be offered to a tier', () => {
  it('offers every pass to a free registrant, the All Access Pass to a Replay holder and nothing to an All Access holder', () => {
    expect(passesAbove('free')).toEqual(['replay', 'aap']);
    expect(passesAbove('replay')).toEqual(['aap']);
    expect(passesAbove('aap')).toEqual([]);
  });

  it('names the top pass as the one offered next, unless it is held', () => {
    expect(offeredPass('free')).toBe('aap');
    expect(offeredPass('replay')).toBe('aap');
    expect(offeredPass('aap')).toBeNull();
  });
});

describe('the offer in a message', () => {
  const body =
    'Hi {{first_name}},\n\nDay 1 closes soon.\n\nThe {{ offered_pass_name }} keeps it open.\r\n\r\n[Buy]({{offered_pass_link}})\n\nWith warmth';

  it('finds the offered-pass fields, spaces inside the braces too', () => {
    expect(usesOffer('The {{ offered_pass_name }}')).toBe(true);
    expect(usesOffer('[x]({{offered_pass_link}})')).toBe(true);
    expect(usesOffer('Your {{pass_name}} and the {{all_access_pass_name}}')).toBe(false);
  });

  it('leaves out every paragraph that names or links the offered pass, and keeps the rest as written', () => {
    expect(withoutOffer(body)).toBe('Hi {{first_name}},\n\nDay 1 closes soon.\n\nWith warmth');
    expect(withoutOffer('No offer here.\n\nNone.')).toBe('No offer here.\n\nNone.');
  });

  it('is a whole offer only when its subject names the offered pass', () => {
    expect(isOfferMessage({ subject: 'The {{offered_pass_name}} keeps it with you' })).toBe(true);
    expect(isOfferMessage({ subject: 'Last chance: {{time_left}} left' })).toBe(false);
  });

  it('knows the new fields, with help for the admin', () => {
    for (const name of ['replay_pass_name', 'all_access_pass_name', 'offered_pass_name', 'offered_pass_link'] as const) {
      expect(mergeFields[name].help.length).toBeGreaterThan(20);
    }
    expect(mergeFields.offered_pass_link.kind).toBe('url');
    expect(unknownMergeFields('{{replay_pass_name}} {{all_access_pass_name}} {{offered_pass_name}} {{offered_pass_link}}')).toEqual([]);
  });
});

describe('the default e-mails', () => {
  const all = [...defaultSequence(true), ...defaultSequence(false)];

  it('never write a pass’s name: they use the merge fields', () => {
    for (const message of all) expect(`${message.subject}\n${message.body}`).not.toMatch(/All Access Pass|Replay Pass/);
  });

  it('make “Last chance” and “After the summit” offer the pass by its field, the latter as a whole offer', () => {
    const lastChance = defaultSequence(true).find((message) => message.key === 'last-chance')!;
    const afterSummit = all.find((message) => message.key === 'replay-offer')!;
    expect(lastChance.body).toContain('The {{offered_pass_name}} ({{offered_pass_price}}) keeps the summit open for you');
    expect(isOfferMessage(lastChance)).toBe(false);
    expect(withoutOffer(lastChance.body)).not.toContain('offered_pass');
    expect(withoutOffer(lastChance.body)).toContain('Listen to day 3 now');
    expect(isOfferMessage(afterSummit)).toBe(true);
  });

  it('offers new words to a message still naming “All Access Pass”, not to one using the field', () => {
    const revision = defaultRevisions.find((candidate) => candidate.key === 'last-chance')!;
    expect(revision.id).toBe('last-chance@pass-names');
    const old = {
      subject: 'Last chance: {{time_left}} left',
      body: 'Want to keep every episode? The All Access Pass keeps the summit open.',
    };
    expect(revision.outdated(old)).toBe(true);
    expect(revision.outdated(revisedDefault(revision))).toBe(false);
    const offers = ['day-1-hours-left', 'day-2-hours-left', 'day-3-hours-left', 'last-chance', 'replay-offer'];
    expect(defaultRevisions.map((candidate) => candidate.id)).toEqual([
      ...offers.map((key) => `${key}@pass-names`),
      ...offers.map((key) => `${key}@prices`),
    ]);
    for (const candidate of defaultRevisions) expect(revisedDefault(candidate).key).toBe(candidate.key);
  });

  it('offers the price to a message that offers the pass by name but gives no price (decision 0064), not to older words', () => {
    const revision = defaultRevisions.find((candidate) => candidate.id === 'last-chance@prices')!;
    expect(revision.outdated({ subject: 'Last chance', body: 'The {{offered_pass_name}} keeps the summit open.' })).toBe(true);
    expect(revision.outdated({ subject: 'Last chance', body: 'The All Access Pass keeps the summit open.' })).toBe(false);
    expect(revision.outdated(revisedDefault(revision))).toBe(false);
  });
});

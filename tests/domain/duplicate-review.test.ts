import { describe, expect, it } from 'vitest';
import { demoContent } from '../../src/content/index.ts';
import { reviewDuplicate } from '../../src/domain/duplicate-review.ts';

const september = demoContent.editions.find((demo) => demo.edition.slug === 'september')!;
const others = demoContent.editions.map(({ edition }) => ({ slug: edition.slug, name: edition.name }));

/** The demo september as a duplicate would carry it over. */
const sections = {
  edition: { summitStartDate: september.edition.summitStartDate, summitEndDate: september.edition.summitEndDate },
  settings: september.edition.settings,
  timers: september.timers,
  days: september.days,
  speakers: september.speakers,
  hosts: september.hosts,
  implementationSessions: september.implementationSessions,
  bonusBundle: september.bonusBundle,
};

describe('the review before duplicating', () => {
  const findings = reviewDuplicate({ sections, others, today: '2026-11-24' });
  const where = (kind: string) => findings.filter((finding) => finding.kind === kind).map((finding) => finding.where);

  it('lists every carried-over date already past: summit, retreat, integration week, workshop, day windows', () => {
    expect(where('past-date')).toEqual(
      expect.arrayContaining([
        'Edition › summitStartDate',
        'Edition › summitEndDate',
        'Settings › retreat › startDate',
        'Settings › retreat › endDate',
        'Settings › retreat › cardEndDate',
        'Settings › integrationWeek › startDate',
        'Settings › dashboard › workshop › startsAt',
        'Timers › day1 › eventStartDate',
        'Timers › day3 › eventEndDate',
      ]),
    );
    const workshop = findings.find((finding) => finding.where === 'Settings › dashboard › workshop › startsAt');
    expect(workshop).toMatchObject({ found: '2025-09-30T10:00:00+10:00' });
  });

  it('lists every text naming another edition, by where it is and with the words around it', () => {
    expect(where('names-edition')).toEqual(
      expect.arrayContaining([
        'Settings › speakersErrorMessage',
        'Settings › links › courseUrl',
        'Settings › upgrade › aapCheckoutUrl',
        'Settings › dashboard › templateUpsell › discountCode',
      ]),
    );
    // A discount code made of the start of the name and a number names it too.
    expect(findings.find((finding) => finding.where === 'Settings › dashboard › templateUpsell › discountCode')?.found).toBe('SEPT25');
    const opener = findings.find((finding) => finding.kind === 'names-edition' && finding.excerpt.includes('September edition'));
    expect(opener?.where).toMatch(/^Hosts › .+ › (bio|shortDescription)$/);
    expect(opener?.found).toBe('September');
  });

  it('finds nothing past before the dates, and no edition in texts that do not name one', () => {
    const early = reviewDuplicate({ sections, others, today: '2025-01-01' });
    expect(early.filter((finding) => finding.kind === 'past-date')).toEqual([]);
    const plain = reviewDuplicate({
      sections: {
        settings: {
          speakersErrorMessage: 'Unable to load speakers. Julyish Augustine came in Septembers.',
          code: 'SE25',
          other: 'AUGUR25',
        },
        timers: {},
      },
      others,
      today: '2026-11-24',
    });
    expect(plain).toEqual([]);
  });

  it('matches names as words, in any case, also inside addresses and ids', () => {
    const found = reviewDuplicate({
      sections: {
        settings: { a: 'see https://pay.example.com/JULY/replay', b: 'july-day-1-episode', c: 'Pay in July.' },
      },
      others: [{ slug: 'july', name: 'July' }],
      today: '2026-11-24',
    });
    expect(found.map((finding) => finding.where)).toEqual(['Settings › a', 'Settings › b', 'Settings › c']);
  });
});

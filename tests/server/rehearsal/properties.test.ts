/**
 * The rehearsal's contradictions as properties (decision 0077), over editions generated as a host
 * could make them (dates, zones, access modes, live or evergreen days, passes with early prices,
 * currencies, the default e-mails and send rules of their own within each day) and registrants of
 * each kind: the product's own rules must never contradict each other on any of them. A new send
 * rule, pass or page state that does fails here. Nothing touches a database: the editions exist
 * only in memory (editionInputs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoContent } from '../../../src/content/index.ts';
import { editionInputSchema, timerConfigSchema, type TimedPage, type TimerConfig } from '../../../src/domain/edition.ts';
import { neutralEdition } from '../../../src/domain/edition-template.ts';
import { defaultSequence } from '../../../src/domain/mail/default-sequence.ts';
import type { SendRule } from '../../../src/domain/mail/send-rules.ts';
import { castKinds } from '../../../src/domain/rehearsal/cast.ts';
import type { Finding } from '../../../src/domain/rehearsal/report.ts';
import type { editionMessages } from '../../../src/server/db/schema.ts';
import type { EmailBrand } from '../../../src/server/mail/render-message.ts';
import { editionInputs, type RehearsalInputs } from '../../../src/server/rehearsal/inputs.ts';
import { rehearse } from '../../../src/server/rehearsal/rehearse.ts';

const RUNS = 50;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Pacific/Auckland'];
const HOUR = 60;
const BRAND: EmailBrand = {
  summitName: 'Generated Summit',
  logoUrl: null,
  primaryColor: '#1f4f46',
  secondaryColor: '#f5efe6',
  accentColor: '#b4541b',
  supportEmail: 'hello@generated.example.org',
  replyTo: null,
  siteUrl: 'https://summit.example.org',
  consentTopics: '',
  lang: 'en',
};

type StoredMessage = typeof editionMessages.$inferSelect;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** Messages as the database holds them: the default sequence, then the host's own. */
function stored(
  messages: { name: string; subject: string; body: string; category: 'marketing' | 'transactional'; rule: SendRule }[],
): StoredMessage[] {
  const now = new Date(0);
  return messages.map((message, index) => ({
    id: index + 1,
    editionId: 1,
    key: `m${index}`,
    kind: 'default',
    enabled: true,
    position: index,
    createdAt: now,
    updatedAt: now,
    ...message,
  }));
}

/** A send rule of the host's own that falls within its day (a reminder before it, a nudge while it is open). */
const ownDayRule = fc
  .record({
    day: fc.constantFrom(1 as const, 2 as const, 3 as const),
    minutes: fc.integer({ min: -2 * 24 * HOUR, max: 13 * HOUR - 1 }),
  })
  .map(({ day, minutes }): SendRule => ({ kind: 'day', day, minutes }));

const pass = (low: number, high: number) =>
  fc.record({
    price: fc.integer({ min: low, max: high }),
    early: fc.option(fc.record({ off: fc.integer({ min: 1, max: 90 }), days: fc.integer({ min: -20, max: 4 }) })),
  });

/** What a generated edition is made of: small, so a failure prints what to make again. */
const recipe = fc.record({
  start: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-01T00:00:00Z'), noInvalidDate: true }),
  timezone: fc.constantFrom(...ZONES),
  accessMode: fc.constantFrom('open', 'registrants'),
  live: fc.boolean(),
  // The default sequence says "12 hours left" of each day: it is written for days longer than that.
  dayHours: fc.integer({ min: 13, max: 48 }),
  currency: fc.constantFrom('eur', 'usd', 'gbp', 'jpy'),
  replay: pass(500, 20_000),
  aap: pass(1_000, 60_000),
  own: fc.array(ownDayRule, { maxLength: 2 }),
});

/** The edition a recipe makes, as "New edition" makes it, with the recipe's days, passes and rules. */
function editionOf(drawn: typeof recipe extends fc.Arbitrary<infer R> ? R : never): RehearsalInputs {
  const startDay = isoDay(drawn.start);
  const template = neutralEdition({
    name: 'Generated Summit',
    slug: 'generated',
    summitStartDate: startDay,
    summitEndDate: addDays(startDay, 2),
    timezone: drawn.timezone,
    supportEmail: 'hello@generated.example.org',
    accessMode: drawn.accessMode,
    position: 0,
  });
  const timers: Partial<Record<TimedPage, TimerConfig>> = drawn.live
    ? template.timers
    : {
        ...Object.fromEntries(
          (['day1', 'day2', 'day3'] as const).map((page) => [
            page,
            timerConfigSchema.parse({ mode: 'evergreen', durationSeconds: drawn.dayHours * 3600, redirectUrl: '/' }),
          ]),
        ),
        dashboard: template.timers.dashboard,
      };
  const priced = (kind: 'replay' | 'aap', drawnPass: typeof drawn.replay) => ({
    ...template.edition.settings.upgrade[kind],
    price: drawnPass.price,
    earlyPrice: drawnPass.early ? Math.max(1, Math.round((drawnPass.price * (100 - drawnPass.early.off)) / 100)) : null,
    earlyPriceUntil: drawnPass.early
      ? new Date(Date.parse(`${startDay}T12:00:00Z`) + drawnPass.early.days * 86_400_000).toISOString()
      : null,
  });
  const settings = {
    ...template.edition.settings,
    // A host selling passes gives them a checkout: the pages' buttons link to it.
    upgrade: {
      ...template.edition.settings.upgrade,
      replay: priced('replay', drawn.replay),
      aap: priced('aap', drawn.aap),
      replayCheckoutUrl: 'https://pay.example.org/replay',
      aapCheckoutUrl: 'https://pay.example.org/aap',
    },
    checkout: { ...template.edition.settings.checkout, currency: drawn.currency },
  };
  const edition = { ...editionInputSchema.parse({ ...template.edition, settings }), id: 1 };
  const own = drawn.own.map((rule, index) => ({
    name: `Own ${index}`,
    subject: 'A word from us, {{first_name}}',
    body: 'Day {{day}} closes at {{deadline}}: {{day_link}}\n\nThe {{offered_pass_name}} is {{offered_pass_price}}.',
    category: 'marketing' as const,
    rule,
  }));
  return editionInputs({ edition, timers, messages: stored([...defaultSequence(drawn.live), ...own]), brand: BRAND });
}

const cast = fc.subarray([...castKinds], { minLength: 1, maxLength: 4 });

const shown = (findings: Finding[]) =>
  findings.map((finding) => `${finding.kind} ${finding.registrant} ${finding.at} ${finding.where}: ${finding.text}`);

describe('the product’s rules never contradict each other', () => {
  it('on generated editions, for registrants of each kind', async () => {
    await fc.assert(
      fc.asyncProperty(recipe, cast, async (drawn, kinds) => {
        const outcome = await rehearse(editionOf(drawn), { cast: kinds });
        if (!outcome.ok) throw new Error(outcome.message);
        expect(shown(outcome.report.contradictions)).toEqual([]);
        // Everything left is a note naming the product description.
        for (const note of outcome.report.notes) expect(note.imposedBy).toMatch(/^Imposed by the product description/);
      }),
      { numRuns: RUNS },
    );
  });

  it('in the e-mails of readers in a zone of their own', async () => {
    await fc.assert(
      fc.asyncProperty(recipe, fc.constantFrom(...ZONES), async (drawn, zone) => {
        const outcome = await rehearse(editionOf(drawn), { cast: [`free:${zone}`, `pass-replay:${zone}`] });
        if (!outcome.ok) throw new Error(outcome.message);
        expect(shown(outcome.report.contradictions.filter((finding) => finding.where.startsWith('E-mail')))).toEqual([]);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('on the demo editions, for every registrant kind', async () => {
    for (const demo of demoContent.editions) {
      const edition = { ...editionInputSchema.parse(demo.edition), id: 1 };
      const timers = Object.fromEntries(Object.entries(demo.timers).map(([page, config]) => [page, timerConfigSchema.parse(config)]));
      const live = Object.values(timers).some((timer) => timer.mode === 'live');
      const outcome = await rehearse(editionInputs({ edition, timers, messages: stored(defaultSequence(live)), brand: BRAND }));
      if (!outcome.ok) throw new Error(outcome.message);
      expect(shown(outcome.report.contradictions), demo.edition.slug).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { TimerConfig } from '../../src/domain/edition.ts';
import type { EditionSettings } from '../../src/domain/edition-settings/schema.ts';
import { closedRegistrationOffer, isRegistrationOpen, registrationClosesAt } from '../../src/domain/registration-window.ts';

const upgrade = { replayCheckoutUrl: 'https://pay.example.com/replay', aapCheckoutUrl: '' } as const;
const edition = (extra: Partial<EditionSettings> = {}) => ({ settings: { upgrade, ...extra } as EditionSettings });
const live = (end: string): TimerConfig => ({
  mode: 'live',
  eventStartDate: '2025-09-23T00:00',
  eventEndDate: end,
  timezone: 'Australia/Sydney',
  redirectUrl: 'day-2',
});
const evergreen: TimerConfig = { mode: 'evergreen', durationSeconds: 86400, redirectUrl: 'day-2' };

describe('registrationClosesAt', () => {
  it('closes a live edition at the end of its last day, in the timers’ time zone', () => {
    const closes = registrationClosesAt(edition(), [live('2025-09-24T00:00'), live('2025-09-26T00:00'), live('2025-09-25T00:00')]);
    expect(closes?.toISOString()).toBe('2025-09-25T14:00:00.000Z');
    expect(isRegistrationOpen(closes, new Date('2025-09-25T13:59:59Z'))).toBe(true);
    expect(isRegistrationOpen(closes, new Date('2025-09-25T14:00:00Z'))).toBe(false);
    expect(isRegistrationOpen(closes, new Date('2026-11-22T00:00:00Z'))).toBe(false);
  });

  it('never closes an evergreen edition by default', () => {
    const closes = registrationClosesAt(edition(), [evergreen, evergreen, evergreen]);
    expect(closes).toBeNull();
    expect(isRegistrationOpen(closes, new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('follows the edition setting over the default', () => {
    expect(registrationClosesAt(edition({ registrationClosesAt: 'never' }), [live('2025-09-26T00:00')])).toBeNull();
    const closes = registrationClosesAt(edition({ registrationClosesAt: '2025-07-18T00:00:00+10:00' }), [evergreen]);
    expect(closes?.toISOString()).toBe('2025-07-17T14:00:00.000Z');
  });
});

describe('closedRegistrationOffer', () => {
  const self = { slug: 'july', summitStartDate: '2025-07-15', ...edition() };
  it('offers the replay and the first later edition that is still open', () => {
    const offer = closedRegistrationOffer(self, [
      { slug: 'december', name: 'December', summitStartDate: '2025-12-01' },
      { slug: 'old', name: 'Old', summitStartDate: '2024-01-01' },
      { slug: 'october', name: 'October', summitStartDate: '2025-10-01' },
    ]);
    expect(offer).toEqual({ replayUrl: 'https://pay.example.com/replay', nextEdition: { slug: 'october', name: 'October' } });
  });
  it('offers no next edition when none is open later, and no replay without its URL', () => {
    const bare = { ...self, settings: { upgrade: { ...upgrade, replayCheckoutUrl: ' ' } } as EditionSettings };
    expect(closedRegistrationOffer(bare, [])).toEqual({ replayUrl: null, nextEdition: null });
  });
});

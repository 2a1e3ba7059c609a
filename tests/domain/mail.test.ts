import { noPaymentValues } from '../../src/domain/mail/payment-fields.ts';
import { describe, expect, it } from 'vitest';
import { fillSentinels, fillSubject, toSentinels, unknownMergeFields, type MergeValues } from '../../src/domain/mail/merge-fields.ts';
import { readMessageForm, validateMessageForm } from '../../src/domain/mail/message-form.ts';
import { dayWindows, describeRule, dueWindowFor, formatDuration, isSendable, messageSchedule } from '../../src/domain/mail/send-rules.ts';
import { renderMarkup } from '../../src/markup/safe-html.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const evergreen = dayWindows({
  day1: { mode: 'evergreen', durationSeconds: 86400, redirectUrl: 'day-2' },
  day2: { mode: 'evergreen', durationSeconds: 86400, redirectUrl: 'day-3' },
  day3: { mode: 'evergreen', durationSeconds: 86400, redirectUrl: '/' },
});
const live = dayWindows({
  day1: {
    mode: 'live',
    eventStartDate: '2025-09-23T00:00',
    eventEndDate: '2025-09-24T00:00',
    timezone: 'Australia/Sydney',
    redirectUrl: 'day-2',
  },
  day2: {
    mode: 'live',
    eventStartDate: '2025-09-24T00:00',
    eventEndDate: '2025-09-25T00:00',
    timezone: 'Australia/Sydney',
    redirectUrl: 'day-3',
  },
  day3: {
    mode: 'live',
    eventStartDate: '2025-09-25T00:00',
    eventEndDate: '2025-09-26T00:00',
    timezone: 'Australia/Sydney',
    redirectUrl: '/',
  },
});
const values: MergeValues = {
  first_name: '<b>Ann</b> *x*',
  summit_name: 'S',
  day: '2',
  day_link: 'https://site/a?x=1&y="2"',
  dashboard_link: 'https://site/d',
  feed_link: 'https://site/f',
  pass_name: 'All Access Pass',
  time_left: '12 hours',
  deadline: 'Tuesday',
  unsubscribe_link: 'https://site/u',
  summit_dates: 'July 15-17 2025',
  replay_pass_name: 'Replay Pass',
  all_access_pass_name: 'All Access Pass',
  offered_pass_name: 'All Access Pass',
  offered_pass_link: 'https://pay.example.com/aap',
  offered_pass_price: '$197.00',
  offered_pass_price_deadline: '',
  preferences_link: 'https://site/u',
  your_data_link: 'https://site/access/k?to=your-data',
  ...noPaymentValues,
};

describe('send rules', () => {
  it('counts evergreen days from registration, one after the other', () => {
    const registered = new Date('2026-01-01T00:00:00Z');
    const hoursLeftDay2 = messageSchedule({ kind: 'day', day: 2, minutes: 12 * 60 }, evergreen)!;
    expect(dueWindowFor(hoursLeftDay2, registered)).toEqual({
      dueAt: registered.getTime() + 36 * HOUR,
      staleAt: registered.getTime() + 48 * HOUR,
    });
    expect(isSendable(hoursLeftDay2, registered, new Date(registered.getTime() + 35 * HOUR))).toBe(false);
    expect(isSendable(hoursLeftDay2, registered, new Date(registered.getTime() + 40 * HOUR))).toBe(true);
    expect(isSendable(hoursLeftDay2, registered, new Date(registered.getTime() + 48 * HOUR))).toBe(false);
    expect(messageSchedule({ kind: 'after-summit', minutes: 0 }, evergreen)).toMatchObject({ kind: 'relative', offsetMs: 3 * DAY });
  });

  it('puts live messages at wall-clock times in the edition’s zone and never sends them to later registrants', () => {
    const tomorrow = messageSchedule({ kind: 'day', day: 1, minutes: -24 * 60 }, live)!;
    expect(tomorrow).toEqual({ kind: 'fixed', dueAt: Date.parse('2025-09-21T14:00:00Z'), staleAt: Date.parse('2025-09-22T14:00:00Z') });
    expect(isSendable(tomorrow, new Date('2025-09-01T00:00:00Z'), new Date('2025-09-21T15:00:00Z'))).toBe(true);
    expect(isSendable(tomorrow, new Date('2025-09-21T14:30:00Z'), new Date('2025-09-21T15:00:00Z'))).toBe(false);
    expect(isSendable(tomorrow, new Date('2025-09-01T00:00:00Z'), new Date('2025-09-22T14:00:00Z'))).toBe(false);
  });

  it('describes rules and durations for people', () => {
    expect(describeRule({ kind: 'day', day: 1, minutes: -1440 })).toBe('1 day before day 1 opens');
    expect(describeRule({ kind: 'after-registration', minutes: 0 })).toBe('When they register');
    expect(formatDuration(26 * HOUR + 5 * 60_000)).toBe('1 day 2 hours');
    expect(formatDuration(45 * 60_000)).toBe('45 minutes');
  });
});

describe('merge fields', () => {
  it('puts values in as data: escaped in HTML, as typed in text, never as markdown', () => {
    const html = renderMarkup(toSentinels('Hi **{{first_name}}**, [open day {{day}}]({{day_link}})'));
    const filled = fillSentinels(html, values, 'html');
    expect(filled).toContain('<strong>&lt;b&gt;Ann&lt;/b&gt; *x*</strong>');
    expect(filled).toContain('href="https://site/a?x=1&amp;y=&quot;2&quot;"');
    expect(fillSentinels(toSentinels('{{first_name}} {{deadline}}'), values, 'text')).toBe('<b>Ann</b> *x* Tuesday');
    expect(fillSubject('Day {{ day }} for {{first_name}}\r\n', values)).toBe('Day 2 for <b>Ann</b> *x*');
  });

  it('names the fields that do not exist', () => {
    expect(unknownMergeFields('{{first_name}} {{firstname}} {{coupon}}')).toEqual(['firstname', 'coupon']);
  });
});

describe('message form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return readMessageForm(data);
  };

  it('accepts a day rule in hours, negative before the day', () => {
    const result = validateMessageForm(
      form({
        subject: 'Tomorrow',
        body: 'Hi {{first_name}}',
        enabled: 'on',
        ruleKind: 'day',
        day: '1',
        offsetHours: '-24',
        category: 'marketing',
      }),
    );
    expect(result).toEqual({
      ok: true,
      data: {
        subject: 'Tomorrow',
        body: 'Hi {{first_name}}',
        enabled: true,
        rule: { kind: 'day', day: 1, minutes: -1440 },
        category: 'marketing',
      },
    });
  });

  it('says what is wrong with each field', () => {
    const result = validateMessageForm(
      form({ subject: '', body: 'Hi {{frist_name}}', ruleKind: 'after-registration', offsetHours: '-3', category: 'marketing' }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        subject: 'Please write a subject.',
        body: 'Unknown merge field: {{frist_name}}.',
        offsetHours: 'This send rule needs an offset of 0 hours or more.',
      },
    });
  });
});

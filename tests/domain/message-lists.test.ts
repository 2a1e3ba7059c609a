/**
 * The e-mail lists defined once (send rules, message categories, message kinds) and what is
 * derived from them: the form's options and labels, the form's parser, the admin's summary of a
 * message, and the default sequence's keys (decision 0049).
 */
import { describe, expect, it } from 'vitest';
import { defaultSequence, isRequiredMessage, requiredMessageKey } from '../../src/domain/mail/default-sequence.ts';
import { messageFormValues, NEW_MESSAGE, previewDraft, readMessageForm, validateMessageForm } from '../../src/domain/mail/message-form.ts';
import {
  categoryLabel,
  isDeletable,
  messageCategories,
  messageCategorySchema,
  messageKinds,
  needsMarketingConsent,
} from '../../src/domain/mail/message-kinds.ts';
import { summariseMessage } from '../../src/domain/mail/message-summary.ts';
import {
  describeRule,
  isPaymentRule,
  ruleCarriesCalendar,
  ruleEvent,
  ruleKindLabel,
  SEND_RULES,
  sendRuleKinds,
  sendRuleSchema,
  type SendRule,
} from '../../src/domain/mail/send-rules.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return readMessageForm(data);
};
const words = { subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}, [day 1]({{day_link}})', enabled: 'on', category: 'marketing' };

/** One example of every rule kind; the record's type makes a new kind a compile error here too. */
const examples: { [K in SendRule['kind']]: Extract<SendRule, { kind: K }> } = {
  'after-registration': { kind: 'after-registration', minutes: 90 },
  day: { kind: 'day', day: 2, minutes: -720 },
  'after-summit': { kind: 'after-summit', minutes: 0 },
  'pass-purchase': { kind: 'pass-purchase' },
  registration: { kind: 'registration' },
  'access-request': { kind: 'access-request' },
  payment: { kind: 'payment' },
  refund: { kind: 'refund' },
};

describe('send rules, defined once', () => {
  it('lists every kind of the schema, in its order, each with its own label', () => {
    expect(sendRuleKinds).toEqual(sendRuleSchema.options.map((option) => option.shape.kind.value));
    expect(new Set(sendRuleKinds).size).toBe(sendRuleKinds.length);
    expect(Object.keys(examples).sort()).toEqual([...sendRuleKinds].sort());
    const labels = sendRuleKinds.map(ruleKindLabel);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((label) => label.length > 0)).toBe(true);
  });

  it('reads every kind back from the form it fills, and describes it', () => {
    for (const rule of Object.values(examples)) {
      const values = { ...messageFormValues({ ...NEW_MESSAGE, rule }), subject: words.subject, body: words.body };
      const result = validateMessageForm(values);
      expect(result, rule.kind).toEqual({
        ok: true,
        data: { subject: words.subject, body: words.body, enabled: true, rule, category: 'marketing' },
      });
      expect(describeRule(rule)).not.toBe('');
    }
    expect(describeRule(examples.day)).toBe('12 hours before day 2 opens');
    expect(describeRule(examples['after-registration'])).toBe('1 hour 30 minutes after they register');
    expect(describeRule(examples['access-request'])).toBe('When they ask for their links (“Find my access”)');
  });

  it('has one entry per rule, each with its label, description, event, payment and calendar flags', () => {
    expect(Object.keys(SEND_RULES).sort()).toEqual([...sendRuleKinds].sort());
    for (const kind of sendRuleKinds) {
      const entry = SEND_RULES[kind];
      expect(ruleKindLabel(kind)).toBe(entry.label);
      expect(describeRule(examples[kind])).toMatch(/\S/);
      expect([entry.on, typeof entry.aboutPayment, typeof entry.calendar]).toEqual([
        ruleEvent(examples[kind]) ? 'event' : 'schedule',
        'boolean',
        'boolean',
      ]);
    }
    // The calendar file goes with the confirmation and each day's e-mails; receipts and refund notices are about a payment.
    expect(sendRuleKinds.filter((kind) => ruleCarriesCalendar(examples[kind]))).toEqual(['day', 'registration']);
    expect(sendRuleKinds.filter(isPaymentRule)).toEqual(['payment', 'refund']);
  });

  it('says which rules send on an event rather than on a schedule', () => {
    expect(sendRuleKinds.filter((kind) => ruleEvent(examples[kind]) !== null)).toEqual([
      'pass-purchase',
      'registration',
      'access-request',
      'payment',
      'refund',
    ]);
  });

  it('puts each problem of the rule at its field', () => {
    expect(validateMessageForm(form({ ...words, ruleKind: 'before-the-summit' }))).toEqual({
      ok: false,
      errors: { ruleKind: 'Please choose when the message is sent.' },
    });
    expect(validateMessageForm(form({ ...words, ruleKind: 'day', day: '4', offsetHours: 'soon' }))).toEqual({
      ok: false,
      errors: { day: 'Please choose day 1, 2 or 3.', offsetHours: 'Please give the offset as a number of hours, e.g. 12 or -24.' },
    });
    expect(validateMessageForm(form({ ...words, ruleKind: 'after-summit', offsetHours: '400' }))).toEqual({
      ok: false,
      errors: { offsetHours: 'Please keep the offset within two weeks (336 hours).' },
    });
    // An event rule has no offset: whatever the field holds is not read.
    expect(validateMessageForm(form({ ...words, ruleKind: 'pass-purchase', offsetHours: '-5' }))).toMatchObject({
      ok: true,
      data: { rule: { kind: 'pass-purchase' } },
    });
  });
});

describe('message categories and kinds, defined once', () => {
  it('offers every category with its own words, and only those', () => {
    expect(messageCategories.map((category) => messageCategorySchema.parse(category))).toEqual(['marketing', 'transactional']);
    expect(new Set(messageCategories.map(categoryLabel)).size).toBe(2);
    expect(messageCategories.filter(needsMarketingConsent)).toEqual(['marketing']);
    expect(validateMessageForm(form({ ...words, ruleKind: 'registration', category: 'spam' }))).toEqual({
      ok: false,
      errors: { category: 'Choose whether it is a marketing or a transactional e-mail.' },
    });
    // A default keeps its own category: the form's is not read.
    expect(
      validateMessageForm(form({ ...words, ruleKind: 'registration', category: 'spam' }), { required: null, category: 'transactional' }),
    ).toMatchObject({ ok: true, data: { category: 'transactional' } });
  });

  it('lets the host delete and categorise their own messages only; the required ones are defaults by key', () => {
    expect(messageKinds.filter(isDeletable)).toEqual(['custom']);
    const confirmation = { id: 1, key: 'registration-confirmation', name: 'Registration confirmation', enabled: true };
    const own = { ...confirmation, id: 2, key: 'custom-0a1b2c3d4e5f', name: 'A second welcome' };
    const rule: SendRule = { kind: 'registration' };
    expect(isRequiredMessage({ kind: 'default', key: confirmation.key })).toBe(true);
    // A host's own message sent on registering is not the required confirmation: it may be switched off.
    expect(isRequiredMessage({ kind: 'custom', key: confirmation.key })).toBe(false);
    expect(summariseMessage({ ...confirmation, kind: 'default', category: 'transactional', rule })).toMatchObject({
      required: true,
      deletable: false,
      choosesCategory: false,
      tags: ['transactional'],
      rule: 'When they register',
    });
    expect(summariseMessage({ ...own, kind: 'custom', category: 'marketing', rule })).toMatchObject({
      required: false,
      deletable: true,
      choosesCategory: true,
      tags: ['your own'],
    });
  });
});

describe('the default sequence', () => {
  it('has unique keys, valid rules and the required messages in both sequences', () => {
    for (const live of [false, true]) {
      const sequence = defaultSequence(live);
      expect(new Set(sequence.map((message) => message.key)).size).toBe(sequence.length);
      for (const message of sequence) expect(sendRuleSchema.parse(message.rule)).toEqual(message.rule);
      for (const event of ['registration', 'access-request'] as const)
        expect(sequence.map((message) => message.key)).toContain(requiredMessageKey(event));
    }
    expect(requiredMessageKey('pass-purchase')).toBeNull();
  });
});

describe('the live preview of a draft', () => {
  const stored = { subject: 'Saved', body: 'Saved body', rule: examples.day, category: 'transactional' as const };
  it('shows what is typed where it is valid, and the saved message elsewhere', () => {
    expect(
      previewDraft(form({ subject: 'Typed', body: '', ruleKind: 'after-summit', offsetHours: '2', category: 'marketing' }), stored),
    ).toEqual({
      subject: 'Typed',
      body: 'Saved body',
      rule: { kind: 'after-summit', minutes: 120 },
      category: 'marketing',
    });
    expect(previewDraft(form({ subject: '', ruleKind: 'day', day: '9' }), stored)).toEqual(stored);
  });
});

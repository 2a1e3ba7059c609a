/**
 * The admin's message editor: what the form posts, validated into a message's subject, body,
 * switch and send rule, with one clear message per field. Offsets are typed in hours (a day
 * rule may be negative: "24 hours before day 1 opens") and stored in minutes. The rule's options
 * and its parser come from the one list of send rules (send-rules.ts).
 */
import { z } from 'zod';
import { formText } from '../without-nul.ts';
import { unknownMergeFields } from './merge-fields.ts';
import { messageCategorySchema, type MessageCategory } from './message-kinds.ts';
import { isEventKind, MAX_OFFSET_MINUTES, sendRuleKinds, type SendRule, type SendRuleKind } from './send-rules.ts';

export interface MessageFormValues {
  subject: string;
  body: string;
  enabled: boolean;
  ruleKind: string;
  day: string;
  offsetHours: string;
  /** Only a host's own message chooses it; a default keeps its own. */
  category: string;
}

export type MessageFormErrors = Partial<Record<keyof MessageFormValues, string>>;

export type MessageEdit = MessageContent;

export function readMessageForm(form: FormData): MessageFormValues {
  const text = (name: string) => formText(form, name);
  return {
    subject: text('subject'),
    body: text('body'),
    enabled: text('enabled') === 'on',
    ruleKind: text('ruleKind'),
    day: text('day'),
    offsetHours: text('offsetHours'),
    category: text('category'),
  };
}

/** The form's fields for an existing message. */
export function messageFormValues(message: {
  subject: string;
  body: string;
  enabled: boolean;
  rule: SendRule;
  category: MessageCategory;
}): MessageFormValues {
  return {
    subject: message.subject,
    body: message.body,
    enabled: message.enabled,
    category: message.category,
    ...ruleFormValues(message.rule),
  };
}

/** What a message's form edits, as stored. */
export interface MessageContent {
  subject: string;
  body: string;
  enabled: boolean;
  rule: SendRule;
  category: MessageCategory;
}

/** A new message starts as a marketing e-mail a day after registering, switched on. */
export const NEW_MESSAGE: MessageContent = {
  subject: '',
  body: '',
  enabled: true,
  rule: { kind: 'after-registration', minutes: 24 * 60 },
  category: 'marketing',
};

/** The form's fields for an existing rule. */
function ruleFormValues(rule: SendRule): Pick<MessageFormValues, 'ruleKind' | 'day' | 'offsetHours'> {
  return {
    ruleKind: rule.kind,
    day: 'day' in rule ? String(rule.day) : '1',
    offsetHours: 'minutes' in rule ? String(rule.minutes / 60) : '0',
  };
}

export const subjectSchema = z.string().trim().min(1, 'Please write a subject.').max(200, 'Please keep the subject under 200 characters.');
export const bodySchema = z
  .string()
  .trim()
  .min(1, 'Please write the message.')
  .max(20000, 'Please keep the message under 20,000 characters.');

function mergeFieldProblem(source: string): string | undefined {
  const unknown = unknownMergeFields(source);
  return unknown.length
    ? `Unknown merge field${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}.`
    : undefined;
}

function isSendRuleKind(value: string): value is SendRuleKind {
  return (sendRuleKinds as readonly string[]).includes(value);
}

type RuleErrors = Pick<MessageFormErrors, 'ruleKind' | 'day' | 'offsetHours'>;

/** The rule the form's fields describe, or what is wrong with them, each at its field. */
function parseRule(values: MessageFormValues): { rule: SendRule } | { errors: RuleErrors } {
  const kind = values.ruleKind;
  if (!isSendRuleKind(kind)) return { errors: { ruleKind: 'Please choose when the message is sent.' } };
  // An event's rule has no fields of its own: whatever the offset and day hold is not read.
  if (isEventKind(kind)) return { rule: { kind } };
  switch (kind) {
    case 'after-registration':
    case 'after-summit': {
      const minutes = offsetMinutes(values.offsetHours, { negativeAllowed: false });
      return typeof minutes === 'string' ? { errors: { offsetHours: minutes } } : { rule: { kind, minutes } };
    }
    case 'day': {
      const minutes = offsetMinutes(values.offsetHours, { negativeAllowed: true });
      const day = summitDaySchema.safeParse(values.day);
      const errors: RuleErrors = {};
      if (!day.success) errors.day = 'Please choose day 1, 2 or 3.';
      if (typeof minutes === 'string') errors.offsetHours = minutes;
      return day.success && typeof minutes === 'number' ? { rule: { kind, day: day.data, minutes } } : { errors };
    }
  }
}

const summitDaySchema = z.enum(['1', '2', '3']).transform(Number);

/** The offset typed in hours, in whole minutes, or what is wrong with it. */
function offsetMinutes(typed: string, { negativeAllowed }: { negativeAllowed: boolean }): number | string {
  const hours = Number(typed.trim() || '0');
  if (!Number.isFinite(hours)) return 'Please give the offset as a number of hours, e.g. 12 or -24.';
  const minutes = Math.round(hours * 60);
  if (minutes < 0 && !negativeAllowed) return 'This send rule needs an offset of 0 hours or more.';
  if (Math.abs(minutes) > MAX_OFFSET_MINUTES) return `Please keep the offset within two weeks (${MAX_OFFSET_MINUTES / 60} hours).`;
  return minutes;
}

/**
 * What the live preview renders while the host types: the form's words, rule and category where
 * they read as valid, else the message as stored (or a new message's defaults).
 */
export function previewDraft(values: MessageFormValues, stored: Omit<MessageContent, 'enabled'>): Omit<MessageContent, 'enabled'> {
  const rule = parseRule(values);
  const category = messageCategorySchema.safeParse(values.category);
  return {
    subject: values.subject.trim() ? values.subject : stored.subject,
    body: values.body.trim() ? values.body : stored.body,
    rule: 'rule' in rule ? rule.rule : stored.rule,
    category: category.success ? category.data : stored.category,
  };
}

/** A required message (the confirmation, "find my access") exists to carry the registrant's way in. */
const PERSONAL_LINK_FIELDS = /\{\{\s*(day_link|dashboard_link)\s*\}\}/;
const PERSONAL_LINK_MISSING = 'This e-mail is how registrants get in: keep {{day_link}} or {{dashboard_link}} in it.';

/**
 * `kept.required`: the stored rule of a required message (isRequiredMessage); its rule and switch
 * are not the form's to change, and its body must keep a personal link. `kept.category`: a
 * default message's category, which the form does not offer; a host's own message chooses it.
 */
export function validateMessageForm(
  values: MessageFormValues,
  kept: { required: SendRule | null; category: MessageCategory | null } = { required: null, category: null },
): { ok: true; data: MessageEdit } | { ok: false; errors: MessageFormErrors } {
  const { required } = kept;
  const errors: MessageFormErrors = {};
  const subject = subjectSchema.safeParse(values.subject);
  const body = bodySchema.safeParse(values.body);
  if (!subject.success) errors.subject = subject.error.issues[0]?.message;
  else errors.subject = mergeFieldProblem(subject.data);
  if (!body.success) errors.body = body.error.issues[0]?.message;
  else
    errors.body = mergeFieldProblem(body.data) ?? (required && !PERSONAL_LINK_FIELDS.test(body.data) ? PERSONAL_LINK_MISSING : undefined);
  const parsedRule = required ? { rule: required } : parseRule(values);
  const rule = 'rule' in parsedRule ? parsedRule.rule : null;
  if ('errors' in parsedRule) Object.assign(errors, parsedRule.errors);
  const category = kept.category ? { success: true as const, data: kept.category } : messageCategorySchema.safeParse(values.category);
  if (!category.success) errors.category = category.error.issues[0]?.message;
  for (const key of Object.keys(errors) as (keyof MessageFormErrors)[]) if (errors[key] === undefined) delete errors[key];
  if (Object.keys(errors).length || !rule || !subject.success || !body.success || !category.success) return { ok: false, errors };
  return {
    ok: true,
    data: { subject: subject.data, body: body.data, enabled: required ? true : values.enabled, rule, category: category.data },
  };
}

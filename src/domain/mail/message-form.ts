/**
 * The admin's message editor: what the form posts, validated into a message's subject, body,
 * switch and send rule, with one clear message per field. Offsets are typed in hours (a day
 * rule may be negative: "24 hours before day 1 opens") and stored in minutes.
 */
import { z } from 'zod';
import { withoutNul } from '../without-nul.ts';
import { unknownMergeFields } from './merge-fields.ts';
import { sendRuleSchema, type SendRule } from './send-rules.ts';

export interface MessageFormValues {
  subject: string;
  body: string;
  enabled: boolean;
  ruleKind: string;
  day: string;
  offsetHours: string;
}

export type MessageFormErrors = Partial<Record<keyof MessageFormValues, string>>;

export interface MessageEdit {
  subject: string;
  body: string;
  enabled: boolean;
  rule: SendRule;
}

export function readMessageForm(form: FormData): MessageFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? withoutNul(value) : '';
  };
  return {
    subject: text('subject'),
    body: text('body'),
    enabled: text('enabled') === 'on',
    ruleKind: text('ruleKind'),
    day: text('day'),
    offsetHours: text('offsetHours'),
  };
}

/** The form's fields for an existing rule. */
export function ruleFormValues(rule: SendRule): Pick<MessageFormValues, 'ruleKind' | 'day' | 'offsetHours'> {
  return {
    ruleKind: rule.kind,
    day: rule.kind === 'day' ? String(rule.day) : '1',
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

function parseRule(values: MessageFormValues): { rule?: SendRule; error?: string } {
  const hours = Number(values.offsetHours.trim() || '0');
  if (!Number.isFinite(hours)) return { error: 'Please give the offset as a number of hours, e.g. 12 or -24.' };
  const minutes = Math.round(hours * 60);
  const candidate =
    values.ruleKind === 'day'
      ? { kind: 'day', day: Number(values.day), minutes }
      : values.ruleKind === 'pass-purchase'
        ? { kind: 'pass-purchase' }
        : { kind: values.ruleKind, minutes };
  const parsed = sendRuleSchema.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data };
  if (!['after-registration', 'day', 'after-summit', 'pass-purchase'].includes(values.ruleKind))
    return { error: 'Please choose when the message is sent.' };
  if (values.ruleKind !== 'day' && minutes < 0) return { error: 'This send rule needs an offset of 0 hours or more.' };
  return { error: 'Please keep the offset within two weeks (336 hours) and the day between 1 and 3.' };
}

/** A required message (the confirmation, "find my access") exists to carry the registrant's way in. */
const PERSONAL_LINK_FIELDS = /\{\{\s*(day_link|dashboard_link)\s*\}\}/;
const PERSONAL_LINK_MISSING = 'This e-mail is how registrants get in: keep {{day_link}} or {{dashboard_link}} in it.';

/**
 * `required`: the stored rule of a required message (isRequiredRule); its rule and switch are
 * not the form's to change, and its body must keep a personal link.
 */
export function validateMessageForm(
  values: MessageFormValues,
  required: SendRule | null = null,
): { ok: true; data: MessageEdit } | { ok: false; errors: MessageFormErrors } {
  const errors: MessageFormErrors = {};
  const subject = subjectSchema.safeParse(values.subject);
  const body = bodySchema.safeParse(values.body);
  if (!subject.success) errors.subject = subject.error.issues[0]?.message;
  else errors.subject = mergeFieldProblem(subject.data);
  if (!body.success) errors.body = body.error.issues[0]?.message;
  else
    errors.body = mergeFieldProblem(body.data) ?? (required && !PERSONAL_LINK_FIELDS.test(body.data) ? PERSONAL_LINK_MISSING : undefined);
  const { rule, error } = required ? { rule: required, error: undefined } : parseRule(values);
  if (error) errors.offsetHours = error;
  for (const key of Object.keys(errors) as (keyof MessageFormErrors)[]) if (errors[key] === undefined) delete errors[key];
  if (Object.keys(errors).length || !rule || !subject.success || !body.success) return { ok: false, errors };
  return { ok: true, data: { subject: subject.data, body: body.data, enabled: required ? true : values.enabled, rule } };
}

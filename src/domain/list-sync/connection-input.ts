/**
 * What the admin types to connect an e-mail list (docs/decisions/0059): the provider, its API key
 * (kept when left empty on a change), the account's API address where the provider has one, an
 * optional edition, and per trigger the list, tag and field to set. Every problem is a message at
 * its field, named as the form names it (`apiKey`, `rule.pass:aap.tag`).
 */
import { listTriggers, ruleIsEmpty } from './plan.ts';
import { isListProvider, PROVIDERS, type ListProvider, type ListRule, type ListTrigger } from './providers.ts';

export interface ConnectionInput {
  provider: ListProvider;
  /** Null: keep the stored key (a change that leaves the field empty). */
  apiKey: string | null;
  accountUrl: string;
  editionId: number | null;
  rules: ListRule[];
}

export type ConnectionErrors = Record<string, string>;

export interface RawConnection {
  provider: string;
  apiKey: string;
  accountUrl: string;
  editionId: string;
  /** Form values by name: `rule.{trigger}.{list|tag|field|value}`. */
  ruleValues: (name: string) => string;
  /** A change keeps the stored key when none is typed. */
  keyStored: boolean;
}

const PART_LIMIT = 100;
const ID_PATTERN = /^\d{1,18}$/;
const MERGE_TAG = /^[A-Z0-9_]{1,10}$/;
const PLAIN = /^[^\p{Cc}]*$/u;
/** Mailchimp keys end in their data centre, which names the API's address (`…-us6`). */
export const MAILCHIMP_KEY = /^[0-9a-f]{8,64}-([a-z]{2,4}\d{1,3})$/i;

function checkApiKey(provider: ListProvider, key: string, keyStored: boolean): string | undefined {
  if (!key) return keyStored ? undefined : 'Paste the API key from your account.';
  if (key.length > 200 || /\s/.test(key)) return 'That does not look like an API key: it has spaces or is too long.';
  if (provider === 'mailchimp' && !MAILCHIMP_KEY.test(key)) return 'A Mailchimp API key ends in its data centre, such as …-us6.';
  return undefined;
}

function checkAccountUrl(provider: ListProvider, raw: string): string | undefined {
  if (!PROVIDERS[provider].needsAccountUrl) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' || url.username || url.password) throw new Error('not https');
    return undefined;
  } catch {
    return 'Enter your account’s API address from Settings → Developer, such as https://youraccount.api-us1.com.';
  }
}

function checkPart(provider: ListProvider, part: 'list' | 'tag' | 'field', value: string): string | undefined {
  if (!value) return undefined;
  if (value.length > PART_LIMIT || !PLAIN.test(value)) return `At most ${PART_LIMIT} characters, on one line.`;
  const description = PROVIDERS[provider];
  if (description.numericIds[part] && !ID_PATTERN.test(value)) return `${labelOf(provider, part)}: a number, as the provider shows it.`;
  if (provider === 'mailchimp' && part === 'field' && !MERGE_TAG.test(value)) {
    return 'A merge field tag: capitals, digits or _, at most 10, such as PASS.';
  }
  return undefined;
}

const labelOf = (provider: ListProvider, part: 'list' | 'tag' | 'field') =>
  part === 'list' ? PROVIDERS[provider].listLabel : part === 'tag' ? PROVIDERS[provider].tagLabel : PROVIDERS[provider].fieldLabel;

function readRule(
  { provider, on, raw }: { provider: ListProvider; on: ListTrigger; raw: RawConnection },
  errors: ConnectionErrors,
): ListRule {
  const name = (part: string) => `rule.${on}.${part}`;
  const rule: ListRule = {
    on,
    list: raw.ruleValues(name('list')).trim(),
    tag: raw.ruleValues(name('tag')).trim(),
    field: raw.ruleValues(name('field')).trim(),
    value: raw.ruleValues(name('value')).trim(),
  };
  for (const part of ['list', 'tag', 'field'] as const) {
    const problem = checkPart(provider, part, rule[part]);
    if (problem) errors[name(part)] = problem;
  }
  if (rule.value.length > PART_LIMIT || !PLAIN.test(rule.value)) errors[name('value')] = `At most ${PART_LIMIT} characters, on one line.`;
  else if (rule.value && !rule.field) errors[name('field')] = 'Name the field the value goes into.';
  else if (rule.field && !rule.value) errors[name('value')] = 'Give the value to set.';
  if (PROVIDERS[provider].listRequired && !ruleIsEmpty(rule) && !rule.list) {
    errors[name('list')] = `${PROVIDERS[provider].label} keeps every contact in an audience: give its ${PROVIDERS[provider].listLabel}.`;
  }
  return rule;
}

export function parseConnectionInput(raw: RawConnection): { ok: true; value: ConnectionInput } | { ok: false; errors: ConnectionErrors } {
  if (!isListProvider(raw.provider)) return { ok: false, errors: { provider: 'Choose Kit, Mailchimp or ActiveCampaign.' } };
  const provider = raw.provider;
  const errors: ConnectionErrors = {};
  const apiKey = raw.apiKey.trim();
  const keyProblem = checkApiKey(provider, apiKey, raw.keyStored);
  if (keyProblem) errors.apiKey = keyProblem;
  const accountProblem = checkAccountUrl(provider, raw.accountUrl.trim());
  if (accountProblem) errors.accountUrl = accountProblem;
  const editionId = raw.editionId.trim() === '' ? null : Number(raw.editionId);
  if (editionId !== null && !(Number.isInteger(editionId) && editionId > 0)) errors.editionId = 'Choose an edition from the list.';
  const rules = listTriggers.map((on) => readRule({ provider, on, raw }, errors)).filter((rule) => !ruleIsEmpty(rule) || rule.value);
  if (!Object.keys(errors).length && !rules.length) errors.rules = 'Fill in at least one row: a list, a tag or a field.';
  if (Object.keys(errors).length) return { ok: false, errors };
  const accountUrl = PROVIDERS[provider].needsAccountUrl ? new URL(raw.accountUrl.trim()).origin : '';
  return { ok: true, value: { provider, apiKey: apiKey || null, accountUrl, editionId, rules } };
}

/**
 * The edition settings document and the settings form (fields.ts): the document as form values,
 * and the posted values read back into a document over the stored one (so what the form does not
 * show is kept), validated by the one settings schema with each message under its field.
 */
import { editionSettingsSchema, type EditionSettings } from '../edition-settings/schema.ts';
import type { EditionFormErrors, EditionFormValues } from '../edition-form.ts';
import { readValue, showValue, type FieldContext } from './field-values.ts';
import { CLOSES_AT, blockToggleName, rowName, settingsItems, settingsName, type SettingsField, type SettingsList } from './fields.ts';
import { issueMessage } from './issue-messages.ts';

type Doc = Record<string, unknown>;

function getAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Doc)[key] : undefined), doc);
}

function setAt(doc: Doc, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = doc;
  for (const key of keys) node = (node[key] ??= {}) as Doc;
  node[last] = value;
}

const CLOSES = 'registrationClosesAt';
const isClosing = (field: SettingsField) => field.path.startsWith(CLOSES);
const items = settingsItems;

/** How many rows a list shows: its entries and the spare blank ones. */
export function listRowCount(list: SettingsList, values: EditionFormValues): number {
  const prefix = `${settingsName(list.path)}.`;
  const indexes = Object.keys(values)
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length).split('.')[0]))
    .filter((index) => Number.isInteger(index) && index >= 0);
  return Math.min(indexes.length ? Math.max(...indexes) + 1 : list.spare, list.max + list.spare);
}

/** The settings as the form shows them; instants as wall-clock times in `timeZone`, amounts in major units of the edition's currency. */
export function settingsFormValues(settings: EditionSettings, timeZone: string): EditionFormValues {
  const doc = settings as unknown as Doc;
  const context: FieldContext = { timeZone, currency: settings.checkout.currency };
  const values: EditionFormValues = {};
  for (const item of items()) {
    if (item.kind === 'list') {
      const rows = (getAt(doc, item.path) as Doc[] | undefined) ?? [];
      for (let row = 0; row < rows.length + item.spare; row++)
        for (const field of item.fields)
          values[rowName(item.path, row, field.path)] = showValue(field.kind, rows[row]?.[field.path], context);
    } else if (item.kind === 'block') {
      const block = getAt(doc, item.path) as Doc | null | undefined;
      values[blockToggleName(item.path)] = block ? 'on' : '';
      for (const field of item.fields)
        values[settingsName(`${item.path}.${field.path}`)] = showValue(field.kind, block?.[field.path], context);
    } else if (!isClosing(item)) values[settingsName(item.path)] = showValue(item.kind, getAt(doc, item.path), context);
  }
  const closes = settings.registrationClosesAt;
  values[settingsName(CLOSES)] = closes === null ? 'default' : closes === 'never' ? 'never' : 'at';
  values[settingsName(CLOSES_AT)] = closes && closes !== 'never' ? showValue('instant', closes, context) : '';
  return values;
}

interface Reading {
  values: EditionFormValues;
  context: FieldContext;
  errors: EditionFormErrors;
  /** Per list: the form row of each saved entry, so a message finds its row. */
  rowsOf: Map<string, number[]>;
}

function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

function readField(reading: Reading, field: SettingsField, name: string): unknown {
  const raw = reading.values[name] ?? '';
  if (field.blankIsNone && !raw.trim()) return null;
  const read = readValue(field.kind, raw, reading.context);
  if (read.ok) return read.value;
  addError(reading.errors, name, read.message);
  return undefined;
}

function readList(reading: Reading, list: SettingsList): Doc[] {
  const entries: Doc[] = [];
  const rows: number[] = [];
  for (let row = 0; row < listRowCount(list, reading.values); row++) {
    const names = list.fields.map((field) => rowName(list.path, row, field.path));
    if (names.every((name) => !(reading.values[name] ?? '').trim())) continue;
    const entry: Doc = {};
    list.fields.forEach((field, index) => (entry[field.path] = readField(reading, field, names[index]!)));
    entries.push(entry);
    rows.push(row);
  }
  reading.rowsOf.set(list.path, rows);
  return entries;
}

function readClosing(reading: Reading): unknown {
  const choice = reading.values[settingsName(CLOSES)] ?? 'default';
  if (choice === 'never') return 'never';
  if (choice === 'at') return readField(reading, { kind: 'instant', path: CLOSES_AT, label: '' }, settingsName(CLOSES_AT));
  return null;
}

/** The form name a schema issue is about: the field, the row's field, or "" for the whole form. */
function nameFor(path: readonly PropertyKey[], reading: Reading): string {
  const dotted = path.map(String).join('.');
  for (const item of items()) {
    if (item.kind === 'list' && dotted.startsWith(`${item.path}.`)) {
      const [index, field] = dotted.slice(item.path.length + 1).split('.');
      const row = reading.rowsOf.get(item.path)?.[Number(index)];
      return row === undefined || !field ? settingsName(item.path) : rowName(item.path, row, field);
    }
  }
  if (dotted.startsWith(CLOSES)) return settingsName(CLOSES_AT);
  const known = new Set(Object.keys(reading.values));
  const parts = dotted.split('.');
  for (let length = parts.length; length > 0; length--) {
    const name = settingsName(parts.slice(0, length).join('.'));
    if (known.has(name)) return name;
  }
  return '';
}

/**
 * Reads the posted settings over `base` (the stored document): the new document, or messages by
 * field name. Instants are read in `timeZone`, the edition's.
 */
export function readSettingsForm(
  values: EditionFormValues,
  { base, timeZone }: { base: EditionSettings; timeZone: string },
): { ok: true; settings: EditionSettings } | { ok: false; errors: EditionFormErrors } {
  // Amounts are read in the currency as posted, so a change of currency and prices saves as one.
  const posted = (values[settingsName('checkout.currency')] ?? '').trim().toLowerCase();
  const currency = /^[a-z]{3}$/.test(posted) ? posted : base.checkout.currency;
  const reading: Reading = { values, context: { timeZone, currency }, errors: {}, rowsOf: new Map() };
  const doc = structuredClone(base) as unknown as Doc;
  for (const item of items()) {
    if (item.kind === 'list') setAt(doc, item.path, readList(reading, item));
    else if (item.kind === 'block') {
      const offered = (values[blockToggleName(item.path)] ?? '') !== '';
      const block: Doc = {};
      for (const field of item.fields)
        if (offered) block[field.path] = readField(reading, field, settingsName(`${item.path}.${field.path}`));
      setAt(doc, item.path, offered ? block : null);
    } else if (!isClosing(item)) setAt(doc, item.path, readField(reading, item, settingsName(item.path)));
  }
  doc[CLOSES] = readClosing(reading);
  if (Object.keys(reading.errors).length) return { ok: false, errors: reading.errors };
  const parsed = editionSettingsSchema.safeParse(doc);
  if (parsed.success) return { ok: true, settings: parsed.data };
  for (const issue of parsed.error.issues) addError(reading.errors, nameFor(issue.path, reading), issueMessage(issue));
  return { ok: false, errors: reading.errors };
}

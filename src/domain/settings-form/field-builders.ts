/**
 * Builders of the settings form's items (fields.ts, text-fields.ts), typed against the settings
 * document: a path it does not have does not compile.
 */
import type { BlockOf, Path, RowOf, SettingsBlockPath, SettingsListPath, SettingsPath } from '../edition-settings/paths.ts';
import type { FieldKind, FormField } from '../form-fields.ts';

/**
 * The form's one field that is no path of the document: the instant of "Registration closes" when
 * "At the time below" is chosen (the choice itself is registrationClosesAt).
 */
export const CLOSES_AT = 'registrationClosesAt.at';

/** Rows of the same fields (bonus cards, a schedule); blank rows are left out when saving. */
export interface SettingsList {
  kind: 'list';
  path: SettingsListPath;
  legend: string;
  itemName: string;
  fields: FormField[];
  /** Blank rows offered after the filled ones, to add entries. */
  spare: number;
  /** The most entries the settings schema takes; more rows than this and the spare ones are not read. */
  max: number;
}

/** A block the edition may go without (settings value null when its box is unticked). */
export interface SettingsBlock {
  kind: 'block';
  path: SettingsBlockPath;
  toggle: string;
  fields: FormField[];
}

/** A settings field: its path is in the settings document (in a list or block: in its item). */
export type SettingsField = FormField;

/** Fields shown together under a legend (one pass, the retreat); their paths are the document's. */
export interface SettingsGroup {
  kind: 'group';
  legend: string;
  fields: SettingsField[];
}

export type SettingsItem = SettingsField | SettingsList | SettingsBlock | SettingsGroup;

export interface SettingsSection {
  id: string;
  legend: string;
  description?: string;
  items: SettingsItem[];
}

type FieldMore = Omit<FormField, 'kind' | 'path'>;
/** A field by its path in the document (or in a list's row or a block, where those say which paths they take). */
export const field = <P extends string>(kind: FieldKind, path: P, more: FieldMore): FormField<P> => ({ kind, path, ...more });
/** A top-level field: its path must be one of the settings document's. */
export const f = <P extends SettingsPath | typeof CLOSES_AT>(kind: FieldKind, path: P, more: FieldMore) => field(kind, path, more);

/** An optional block: its fields' paths are the block's own. */
export const block = <P extends SettingsBlockPath>(path: P, toggle: string, fields: FormField<Path<BlockOf<P>>>[]): SettingsBlock => ({
  kind: 'block',
  path,
  toggle,
  fields,
});

/** A list of rows: its fields' paths are a row's own. */
export const list = <P extends SettingsListPath>(
  path: P,
  spec: Omit<SettingsList, 'kind' | 'path' | 'fields'> & { fields: FormField<Path<RowOf<P>>>[] },
): SettingsList => ({ kind: 'list', path, ...spec });

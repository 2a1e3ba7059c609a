/**
 * Dot paths into the settings document, as types: the settings form names each field by one, so
 * a path the schema does not have ("offer.copy.titel") does not compile.
 */
import type { EditionSettings } from './schema.ts';

/** Every dot path into T through nested objects ("retreat", "retreat.startDate"); a list or a value ends a path. */
export type Path<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? { [K in keyof T & string]: K | `${K}.${Path<NonNullable<T[K]>>}` }[keyof T & string]
    : never;

/** The type found at path P of T. */
export type At<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? At<NonNullable<T[K]>, Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type SettingsPath = Path<EditionSettings>;

/** The paths of lists of rows (bonus cards, the schedule), and the type of one row. */
export type SettingsListPath = {
  [P in SettingsPath]: At<EditionSettings, P> extends readonly object[] ? P : never;
}[SettingsPath];
export type RowOf<P extends SettingsListPath> = At<EditionSettings, P> extends readonly (infer Row)[] ? Row : never;

/** The paths of blocks the edition may go without (null when absent), and the block's type. */
export type SettingsBlockPath = {
  [P in SettingsPath]: null extends At<EditionSettings, P> ? (NonNullable<At<EditionSettings, P>> extends object ? P : never) : never;
}[SettingsPath];
export type BlockOf<P extends SettingsBlockPath> = NonNullable<At<EditionSettings, P>>;

/**
 * The paid passes a registrant can hold, listed once: the database's pass columns, the payment
 * webhook's `metadata.pass`, the admin's grant form, the settings form's pass groups and the
 * offer pages all take their kinds from here, so a new pass does not compile until each of them
 * handles it.
 */
export const passKinds = ['replay', 'aap'] as const;
export type PassKind = (typeof passKinds)[number];

export const isPassKind = (value: unknown): value is PassKind => passKinds.some((kind) => kind === value);

/** What the admin's forms call each pass (the edition's own names are its settings'). */
export const PASS_LABELS: Record<PassKind, string> = { replay: 'Replay Pass', aap: 'All Access Pass' };

/** An edition's name for each of its passes (its settings' "Passes and prices"). */
export type PassNames = Record<PassKind, string>;

/**
 * A pass's slug: its name in lower-case letters and digits joined by hyphens ("Studio Pass" →
 * "studio-pass"), accents dropped. Derived rather than stored, so renaming a pass renames its
 * slug and no field can drift from the name (docs/PRODUCT.md "Payments").
 */
export const passSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The pass a payment's `metadata.pass` names: its kind (`replay`, `aap`) or its own slug; null for neither. */
export function passOfMetadata(value: string | null | undefined, names: PassNames): PassKind | null {
  if (isPassKind(value)) return value;
  const wanted = passSlug(value ?? '');
  return (wanted && passKinds.find((kind) => passSlug(names[kind]) === wanted)) || null;
}

/**
 * Why a pass's name cannot stand, by its kind: both names slugging the same, or one slugging to
 * the other pass's kind (`replay`, `aap`), would leave a payment naming it ambiguous.
 */
export function passSlugClashes(names: PassNames): Partial<Record<PassKind, string>> {
  const [lower, upper] = passKinds;
  const clashes: Partial<Record<PassKind, string>> = {};
  if (passSlug(names[lower]) && passSlug(names[lower]) === passSlug(names[upper]))
    clashes[upper] = `Both passes would have the slug “${passSlug(names[upper])}”: give this pass a name of its own.`;
  for (const kind of passKinds) {
    const other = passKinds.find((each) => each !== kind)!;
    if (passSlug(names[kind]) === other)
      clashes[kind] = `This name’s slug is “${other}”, which payments use for the other pass: choose another name.`;
  }
  return clashes;
}

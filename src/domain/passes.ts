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

/**
 * The class lists of buttons, inputs and cards that forms share, in one place: change a button
 * here and every form's button follows.
 */

/** The main action of an admin form ("Save", "Import"). */
export const PRIMARY_BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-2.5 font-semibold text-white';
/** A smaller main action (filters, "Add", "Copy"). */
export const SMALL_PRIMARY_BUTTON = 'rounded-full bg-brand-primary-strong px-5 py-2 font-semibold text-white';
/** A link or button beside the main action ("Back to the list"). */
export const SECONDARY_BUTTON = 'rounded-full px-6 py-2.5 font-semibold ring-1 ring-ink/20';
/** An action that destroys data. */
export const DANGER_BUTTON = 'rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white';

/** A text input, select or textarea of an admin form. */
export const INPUT = 'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';
/** A white panel of an admin screen. */
export const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10';
export const LINK = 'text-brand-primary-strong underline underline-offset-4';

/** The main action of a public page's tool (brand configurator: "Copy Prompt", "Download Configuration"). */
export const BRAND_PRIMARY_BUTTON =
  'inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white shadow-md transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary disabled:cursor-not-allowed disabled:opacity-60';
/** A link or button beside it ("Back to Setup Guide"). */
export const BRAND_SECONDARY_BUTTON =
  'inline-flex items-center justify-center rounded-full border border-brand-primary-strong bg-white px-6 py-3 font-semibold text-brand-primary-strong transition hover:bg-brand-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';
/** A file input whose button looks like a primary button. */
export const FILE_INPUT =
  'mt-2 block w-full text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-primary-strong file:px-5 file:py-2.5 file:font-semibold file:text-white hover:file:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary disabled:cursor-not-allowed disabled:opacity-60';

/** The keyboard focus outline every control of the setup guide shows. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

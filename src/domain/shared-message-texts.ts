/** Message texts of docs/PRODUCT.md "Not-found and error pages" that more than one page shows. */

/** The landing page and the general (unprefixed) speakers embed. */
export const GENERAL_SPEAKERS_ERROR = 'Unable to load speakers at this time. Please try again later.';

/** A page or API answer while the database cannot be reached (503, decision 0024). */
export const TEMPORARILY_UNAVAILABLE = 'The summit is unavailable for a moment. Please try again shortly.';

/** Seconds a client is asked to wait (Retry-After) before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** The registration form, shown again with what the visitor typed, when it could not be saved (decision 0024). */
export const REGISTRATION_UNAVAILABLE = 'We could not save your registration just now. Please try again in a minute.';

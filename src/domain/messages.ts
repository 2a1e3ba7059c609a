/** Message texts of SPEC.md section 8 that more than one page shows. */

/** The landing page and the general (unprefixed) speakers embed. */
export const GENERAL_SPEAKERS_ERROR = 'Unable to load speakers at this time. Please try again later.';

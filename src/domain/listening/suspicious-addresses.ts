/**
 * Suspicious traffic (IAB Podcast Measurement Technical Guidelines v2.3, section 5.5.2 step 1.2,
 * item 1, and 5.5.4: an exclusion of "IP addresses that excessively download/play at a rate that
 * is not feasible"; section 5.5.6: their downloads "must be removed from current metric
 * generation"). One address that, in one UTC day, asks for audio with more different user agents,
 * or from more different visitor sessions, than a household or a small office would is a script
 * rotating its identity: none of that address's anonymous downloads of that day count.
 * Registrants are never filtered here: their key names them, so they count once however they ask.
 * The count itself runs in the database (src/server/listening/listening-writes.ts), where every app
 * process's requests meet: more than the limit of either is suspicious.
 */

/** The default limit (LISTENERS_PER_ADDRESS_LIMIT): the guidelines' own example counts 6 agents behind one address as 6 listeners. */
export const DEFAULT_LISTENERS_PER_ADDRESS = 10;

/**
 * New words for default e-mails an edition already has. A default's text is the host's once the
 * edition has it (decision 0049), so a better default text is offered, never written over the
 * host's: the messages screen offers each revision below to an edition whose message still reads
 * the old way, until the host takes the new words or keeps theirs (decision 0057).
 */
import { defaultsByKey, type DefaultMessage } from './default-sequence.ts';
import { usesOffer } from './offer-blocks.ts';

export interface DefaultRevision {
  /** The default message it revises. */
  key: string;
  /** The answer's record (dismissed_default_messages): never the same as a message's key. */
  id: string;
  /** Why the host may want the new words. */
  why: string;
  /** Whether the edition's message still reads the way the revision replaces. */
  outdated: (message: { subject: string; body: string }) => boolean;
}

const PASS_NAMES_WHY =
  'The new words name the pass on offer by this edition’s own name ({{offered_pass_name}}) instead of “All Access Pass”, and leave the offer out for someone who holds that pass already.';

/** Messages that named “the All Access Pass” in their words before the pass names were merge fields. */
const passNameRevision = (key: string): DefaultRevision => ({
  key,
  id: `${key}@pass-names`,
  why: PASS_NAMES_WHY,
  outdated: (message) => !usesOffer(`${message.subject}\n${message.body}`),
});

const PRICES_WHY =
  'The new words give the offered pass’s price ({{offered_pass_price}}) in the edition’s currency, with its early price and that price’s deadline while one applies.';
const PRICE_FIELD = /\{\{\s*offered_pass_price/;

/** Messages that already offer the pass by its name but give no price (decision 0064); older words get the pass-names revision, which has the price. */
const pricesRevision = (key: string): DefaultRevision => ({
  key,
  id: `${key}@prices`,
  why: PRICES_WHY,
  outdated: (message) => usesOffer(`${message.subject}\n${message.body}`) && !PRICE_FIELD.test(`${message.subject}\n${message.body}`),
});

const OFFER_MESSAGES = ['day-1-hours-left', 'day-2-hours-left', 'day-3-hours-left', 'last-chance', 'replay-offer'];

export const defaultRevisions: DefaultRevision[] = [...OFFER_MESSAGES.map(passNameRevision), ...OFFER_MESSAGES.map(pricesRevision)];

/** The default's words a revision offers. */
export function revisedDefault(revision: DefaultRevision): DefaultMessage {
  const message = defaultsByKey.get(revision.key);
  if (!message) throw new Error(`The revision ${revision.id} revises no default message`);
  return message;
}

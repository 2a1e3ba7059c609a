/**
 * The offer in a message (decision 0057): a paragraph that uses {{offered_pass_name}},
 * {{offered_pass_link}} or the offered pass's price fields (decision 0064) is the message's offer, left out for a registrant who holds the pass it
 * would offer; a message whose subject uses one of them is an offer as a whole and is not sent to
 * them at all. The text decides, so a host's own message follows the same rule as the defaults.
 */
const OFFER_FIELD = /\{\{\s*offered_pass_(?:name|link|price|price_deadline)\s*\}\}/;
/** A paragraph: the text between blank lines (CRLF as typed in a browser's form counts too). */
const PARAGRAPH_BREAK = /\r?\n(?:[ \t]*\r?\n)+/;

/** Whether the text names the offered pass or links to it. */
export const usesOffer = (text: string): boolean => OFFER_FIELD.test(text);

/** Whether the whole message is an offer: its subject names the offered pass. */
export const isOfferMessage = (message: { subject: string }): boolean => usesOffer(message.subject);

/** The body without its offer paragraphs, for someone who holds every pass it could offer. */
export function withoutOffer(body: string): string {
  return body
    .split(PARAGRAPH_BREAK)
    .filter((paragraph) => !usesOffer(paragraph))
    .join('\n\n');
}

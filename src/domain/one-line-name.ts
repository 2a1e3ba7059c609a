/**
 * A name is one line wherever it is stored: a registrant's first name from the registration form
 * and the buyer's name the payment provider sends. A name goes into e-mails (the plain-text part
 * shows it as it is), admin lists and CSV exports, where a line break lets whoever typed it write
 * lines of their own into text sent to someone else. So line breaks (CR, LF, U+2028/2029, NEL),
 * tabs and every other control character, and runs of spaces, become one space, and the ends are
 * trimmed; the name is otherwise kept as typed (joiners in emoji and scripts that need them stay).
 */

/** Controls (C0 and C1: line breaks, tabs, NUL…), line and paragraph separators, and any whitespace. */
const BREAKS_AND_SPACES = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

export function oneLineName(value: string): string {
  return value.replace(BREAKS_AND_SPACES, ' ').trim();
}

/** The longest first name kept (the registration form's own limit). */
export const MAX_FIRST_NAME = 100;

/** A buyer's first name from the full name a payment provider sends; "Friend" when it gives none. */
export function buyerFirstName(fullName: string | null | undefined): string {
  const [first] = oneLineName(fullName ?? '').split(' ');
  return first ? first.slice(0, MAX_FIRST_NAME) : 'Friend';
}

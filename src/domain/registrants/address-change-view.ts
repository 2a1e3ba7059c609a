/**
 * The states of correcting a bounced address (docs/decisions/0082): the page asks for the new
 * address, says the link is sent, asks to confirm it, says it is done, or why the link opens nothing.
 */
export type AddressChangeView =
  | { kind: 'signed-out' }
  | { kind: 'ask'; typed: string; problem: string | null }
  | { kind: 'sent'; email: string }
  | { kind: 'confirm'; email: string; action: string }
  | { kind: 'changed'; email: string }
  | { kind: 'invalid' }
  | { kind: 'taken' };

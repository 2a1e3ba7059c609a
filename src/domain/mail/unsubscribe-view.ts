/** The e-mail choices page: unsubscribe (confirm, done with undo), opt in, or a link that is not valid. */
export type UnsubscribeView =
  | { kind: 'confirm'; email: string; action: string }
  /** Never agreed to the marketing e-mails: the words they would agree to. */
  | { kind: 'opt-in'; email: string; action: string; wording: string }
  | { kind: 'done'; email: string; action: string }
  /** Subscribed again: what they get, in their edition's words. */
  | { kind: 'resubscribed'; email: string; action: string; topics: string }
  | { kind: 'invalid' };

/** A held payment as the admin sees it: what the provider sent, as text. */
export interface HeldPaymentRow {
  id: number;
  pass: string;
  email: string;
  name: string;
  /** metadata.edition as sent (it names no edition of this site). */
  edition: string;
  amount: string;
  heldAt: string;
  /** Why it was held (docs/decisions/0069); '' for payments held before reasons were kept. */
  reason: string;
  /** A test payment (decision 0074): labelled, and removed with the other test payments. */
  test: boolean;
}

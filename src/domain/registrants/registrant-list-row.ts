/** One registrant as the admin's list shows them and the server reads them (src/server/registrants/registrant-list.ts). */
import type { RegistrantTier } from '../entities.ts';

export interface RegistrantListRow {
  id: number;
  firstName: string;
  email: string;
  tier: RegistrantTier;
  /** ISO 8601 instants (UTC); null when it never happened. */
  registeredAt: string;
  consentedAt: string | null;
  consentWording: string | null;
  unsubscribedAt: string | null;
  /** The passes they hold now, by name ("All Access Pass"). */
  passes: string[];
  /** Passes taken back, e.g. "Replay Pass (refunded)". */
  refunds: string[];
  timeZone: string | null;
}

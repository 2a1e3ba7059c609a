/** What each e-mail list service does for a sync plan (docs/decisions/0059): one file per provider. */
import type { Contact } from '../../../domain/list-sync/plan.ts';
import type { ListRule } from '../../../domain/list-sync/providers.ts';
import type { ProviderSession } from '../provider-session.ts';

export interface ProviderAdapter {
  /** The headers that carry the API key, as the provider's reference names them. */
  headers(apiKey: string): Record<string, string>;
  /** Adds or updates the contact by e-mail, then sets the rule's list, tag and field. */
  upsert(session: ProviderSession, job: { contact: Contact; rule: ListRule }): Promise<void>;
  /** Unsubscribes the contact (from each of the connection's lists where the provider keeps lists). */
  unsubscribe(session: ProviderSession, job: { contact: Contact; lists: string[] }): Promise<void>;
  /** Removes the contact after an erasure here, as far as the provider's API allows. */
  erase(session: ProviderSession, job: { contact: Contact; lists: string[] }): Promise<void>;
  /**
   * The provider's bulk add, for an import's registrants (docs/decisions/0076): up to `size`
   * contacts a call, for the rules it can carry out in bulk; otherwise each contact is upserted.
   */
  bulk?: {
    size: number;
    takes(rule: ListRule): boolean;
    upsert(session: ProviderSession, job: { contacts: Contact[]; rule: ListRule }): Promise<void>;
  };
}

/** A path segment from a value the admin typed or an address: nothing in it can change the path. */
export const segment = (value: string | number) => encodeURIComponent(String(value));

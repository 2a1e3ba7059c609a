/**
 * The states of the "Your data" pages (docs/decisions/0084): what the site holds about the signed-in
 * person with its download and "Erase me" (or the link was sent, or why it was not), and the
 * erasure link's confirmation, its result, or why it opens nothing.
 */
import type { RegistrantData } from './registrant-data.ts';

export type YourDataView =
  | { kind: 'signed-out' }
  | { kind: 'data'; data: RegistrantData; erasure: { sent: boolean; problem: string | null } }
  | { kind: 'confirm-erasure'; email: string; action: string }
  | { kind: 'erased'; registrations: number }
  | { kind: 'invalid' };

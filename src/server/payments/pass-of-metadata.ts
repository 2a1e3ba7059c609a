/**
 * A checkout's `metadata.pass` may name the pass by its own slug ("studio-pass", derived from the
 * name the edition gives it) as well as by its kind (`replay`, `aap`): a host's payment link says
 * what they sell. Read before the event is (src/domain/payments/provider-event.ts knows only the
 * kinds), by the buyer's edition: the registrant the checkout names, else the edition it names,
 * else the home page's, as the grant itself finds them.
 */
import { z } from 'zod';
import { parseRegistrantReference } from '../../domain/access/checkout.ts';
import { isPassKind, passOfMetadata } from '../../domain/passes.ts';
import type { Database } from '../db/client.ts';
import { tierNamesOfEdition, tierNamesOfRegistrant } from './pass-names.ts';

const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const named = z.object({
  client_reference_id: z.string().nullish(),
  metadata: z.object({ pass: z.string(), edition: z.string().nullish() }).loose(),
});

/** The event's object with `metadata.pass` as the pass's kind when it names one by slug; otherwise as it came. */
export async function withPassKind(db: Pick<Database, 'select'>, type: string, object: unknown): Promise<unknown> {
  if (!CHECKOUT_EVENTS.has(type)) return object;
  const parsed = named.safeParse(object);
  if (!parsed.success || isPassKind(parsed.data.metadata.pass)) return object;
  const registrantId = parseRegistrantReference(parsed.data.client_reference_id);
  const names = registrantId
    ? await tierNamesOfRegistrant(db, registrantId)
    : await tierNamesOfEdition(db, parsed.data.metadata.edition ?? null);
  const pass = passOfMetadata(parsed.data.metadata.pass, names);
  if (!pass) return object;
  const session = object as { metadata: Record<string, unknown> };
  return { ...session, metadata: { ...session.metadata, pass } };
}

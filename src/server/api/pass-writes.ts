/**
 * Passes sold in other checkouts, reported through the API (docs/decisions/0060). A grant and a
 * revoke go through the payment webhook's own code (applyPaymentChange): the pass, the tier, the
 * pass confirmation e-mail, the purchase the insights count, pass.granted / pass.revoked and the
 * audit line are the same as for a payment through the provider. The payment's reference is what
 * makes a report once: the same reference again grants nothing more.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { passGrantSchema } from '../../domain/api/schemas.ts';
import type { PassKind } from '../../domain/passes.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { purchases } from '../db/schema.ts';
import { removePass } from '../payments/passes.ts';
import { applyPaymentChange } from '../payments/incoming-events.ts';
import { ApiProblem, type ApiAnswer, type ApiCall } from './operation.ts';
import { findRegistrant } from './registrant-rows.ts';
import { registrantOrNotFound, tokenActor } from './registrant-writes.ts';

export async function grantPassFromApi(call: ApiCall<{ id: number }, unknown, z.output<typeof passGrantSchema>>): Promise<ApiAnswer> {
  const { handle, token, params, body, now } = call;
  const { db } = handle;
  await registrantOrNotFound(db, token, params.id);
  const [earlier] = await db
    .select({ registrantId: purchases.registrantId })
    .from(purchases)
    .where(and(eq(purchases.paymentRef, body.reference), eq(purchases.source, 'provider')))
    .limit(1);
  if (earlier && earlier.registrantId !== params.id) {
    throw new ApiProblem(409, 'A pass was already granted to another registrant for this reference.', [
      { pointer: '#/reference', detail: 'Already used.' },
    ]);
  }
  const outcome = await applyPaymentChange({
    db,
    event: { id: `api:${token.id}:${randomUUID()}`, type: 'api.pass.granted', object: null },
    change: {
      kind: 'grant',
      pass: body.pass,
      registrantId: params.id,
      email: null,
      name: null,
      edition: null,
      amount: body.amount,
      currency: body.currency,
      paymentRef: body.reference,
    },
    now,
    actor: tokenActor(token),
  });
  if (outcome.result === 'granted') await announceAccessChange(handle);
  const registrant = await findRegistrant(db, { id: params.id, editionId: token.editionId });
  // Held as the webhook holds a payment it cannot grant as it came (a currency the edition does not sell in): the admin assigns it.
  const status = outcome.result === 'granted' ? 201 : outcome.result === 'held' ? 202 : 200;
  return { status, body: registrant };
}

export async function revokePassFromApi(call: ApiCall<{ id: number; pass: PassKind }>): Promise<ApiAnswer> {
  const { handle, token, params, now } = call;
  const { db } = handle;
  await registrantOrNotFound(db, token, params.id);
  const active = await db
    .select({ id: purchases.id, paymentRef: purchases.paymentRef })
    .from(purchases)
    .where(and(eq(purchases.registrantId, params.id), eq(purchases.pass, params.pass), eq(purchases.status, 'active')));
  if (!active.length) throw new ApiProblem(404, `Registrant #${params.id} holds no active ${params.pass} pass.`);
  const paymentRefs = active.flatMap((row) => (row.paymentRef ? [row.paymentRef] : []));
  if (paymentRefs.length) {
    // Taken back as a refund is: the webhook's own path, with its event and audit line.
    await applyPaymentChange({
      db,
      event: { id: `api:${token.id}:${randomUUID()}`, type: 'api.pass.revoked', object: null },
      change: { kind: 'take-back', reason: 'refunded', paymentRefs },
      now,
      actor: tokenActor(token),
    });
  }
  const granted = active.filter((row) => !row.paymentRef);
  if (granted.length) {
    // Granted by hand in the admin: ended as the admin's "Remove" ends it.
    await db.transaction(async (tx) => {
      for (const row of granted) await removePass({ tx, registrantId: params.id, purchaseId: row.id, at: now });
    });
  }
  await announceAccessChange(handle);
  return { status: 200, body: await findRegistrant(db, { id: params.id, editionId: token.editionId }) };
}

/**
 * /admin/payments as one form outcome: a POST assigns a held payment (shown again with what
 * happened: 200 with a message, or 422 with the problem), then the payments still held are listed.
 */
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { adminNavigation } from '../admin/admin-navigation.ts';
import { requestNow } from '../clock.ts';
import { show } from '../http/page-outcome.ts';
import { assignHeldPayment, heldPaymentRows, listHeldPayments } from './held-payments.ts';

export async function heldPaymentsScreen({ handle, admin, request }: { handle: DbHandle; admin: AdminUser; request: Request }) {
  let outcome: { message?: string; problem?: string } = {};
  let status = 200;
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    const result = form
      ? await assignHeldPayment({ handle, admin, form, now: requestNow(request) })
      : { ok: false as const, message: 'The form could not be read. Please try again.' };
    outcome = result.ok ? { message: result.message } : { problem: result.message };
    if (!result.ok) status = 422;
  }
  const held = await heldPaymentRows(handle.db, await listHeldPayments(handle.db));
  const editions = await adminNavigation(handle.db);
  return show({ held, editions, ...outcome }, status);
}

/**
 * /admin/payments as one form outcome: a POST assigns a held payment (shown again with what
 * happened: 200 with a message, or 422 with the problem), or removes the test payments
 * (decision 0074); then the payments still held are listed, with how many test payments remain.
 */
import { heldPaymentActions, UNKNOWN_ACTION } from '../../domain/admin-actions.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { adminNavigation } from '../admin/admin-navigation.ts';
import { requestNow } from '../clock.ts';
import { show } from '../http/page-outcome.ts';
import { assignHeldPayment, heldPaymentRows, listHeldPayments } from './held-payments.ts';
import { countTestPayments, removeTestPayments } from './test-sales.ts';

async function removeTests(handle: DbHandle, admin: AdminUser, now: Date) {
  const removed = await removeTestPayments({ handle, admin, now });
  const message =
    removed.purchases + removed.held === 0
      ? 'There were no test payments to remove.'
      : `Removed the test payments: ${removed.purchases} pass${removed.purchases === 1 ? '' : 'es'} ended, ${removed.held} held payment${removed.held === 1 ? '' : 's'} deleted.`;
  return { ok: true as const, message };
}

export async function heldPaymentsScreen({ handle, admin, request }: { handle: DbHandle; admin: AdminUser; request: Request }) {
  let outcome: { message?: string; problem?: string } = {};
  let status = 200;
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    // The assign form names its action; a form without one is an assignment, as it was before.
    const action = heldPaymentActions.safeParse(form?.get('action') ?? heldPaymentActions.enum.assign);
    const result = !form
      ? { ok: false as const, message: 'The form could not be read. Please try again.' }
      : !action.success
        ? { ok: false as const, message: UNKNOWN_ACTION }
        : action.data === 'remove-test-payments'
          ? await removeTests(handle, admin, requestNow(request))
          : await assignHeldPayment({ handle, admin, form, now: requestNow(request) });
    outcome = result.ok ? { message: result.message } : { problem: result.message };
    if (!result.ok) status = 422;
  }
  const held = await heldPaymentRows(handle.db, await listHeldPayments(handle.db));
  const editions = await adminNavigation(handle.db);
  const testPayments = await countTestPayments(handle.db);
  return show({ held, editions, testPayments, ...outcome }, status);
}

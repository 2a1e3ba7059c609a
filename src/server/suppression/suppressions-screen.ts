/**
 * Admin → Suppressed addresses (/admin/suppressions, docs/decisions/0082): every address the site
 * sends nothing to (but the access links it asks for), with why and since when, newest first; an
 * admin stops e-mail to an address by hand or lifts a suppression. Each change is in the audit
 * trail, and every process forgets the signed-in registrants it remembers, so the registrant's own
 * dashboard shows (or stops showing) that their address bounced.
 */
import { normalisedEmail, isEmailAddress } from '../../domain/email-address.ts';
import { adminLabel, type AdminUser } from '../../domain/admin-user.ts';
import { suppressionActions, suppressionView, type SuppressionAction } from '../../domain/suppression/suppression-view.ts';
import { SUPPRESSION_REASON_LABELS } from '../../domain/suppression/suppression.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { catalogueScreen, postedId, type ScreenOutcome } from '../admin/catalogue-screen.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { appNow } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { liftSuppression, listSuppressions, suppressAddress } from './suppression-list.ts';

/** The newest shown; older ones stay in the table and in the audit trail. */
export const SUPPRESSIONS_SHOWN = 500;

type Outcome = ScreenOutcome & { address?: string };

/** Lifts one suppression with its audit entry; the message the admin reads, or the refusal. */
export async function liftWithAudit(handle: Pick<DbHandle, 'db' | 'notify'>, admin: AdminUser, id: number): Promise<ScreenOutcome> {
  const lifted = await handle.db.transaction(async (tx) => {
    const row = await liftSuppression(tx, { id, by: adminLabel(admin), now: appNow() });
    if (row)
      await recordAudit(tx, admin, {
        action: 'update',
        entityType: 'email_suppressions',
        entityId: id,
        summary: `Lifted the suppression of ${row.address} (${SUPPRESSION_REASON_LABELS[row.reason]})`,
        details: { address: row.address, reason: row.reason },
      });
    return row;
  });
  if (!lifted) return { problem: 'That suppression is already lifted, or no longer exists.' };
  await announceAccessChange(handle);
  return { message: `Lifted: ${lifted.address} gets the site's e-mails again.` };
}

async function act({ handle, admin }: { handle: DbHandle; admin: AdminUser }, action: SuppressionAction, form: FormData): Promise<Outcome> {
  if (action === 'lift') {
    const id = postedId(form);
    return id === null ? { problem: 'Choose a suppression first.' } : liftWithAudit(handle, admin, id);
  }
  const typed = String(form.get('address') ?? '');
  const address = normalisedEmail(typed);
  if (!isEmailAddress(address)) return { problem: 'Enter an e-mail address, such as name@example.com.', address: typed.slice(0, 300) };
  const added = await handle.db.transaction(async (tx) => {
    if (!(await suppressAddress(tx, { address, reason: 'admin', detail: '', now: appNow() }))) return false;
    await recordAudit(tx, admin, {
      action: 'create',
      entityType: 'email_suppressions',
      summary: `Stopped e-mail to ${address}`,
      details: { address },
    });
    return true;
  });
  if (!added) return { problem: `${address} is already suppressed.`, address: typed.slice(0, 300) };
  await announceAccessChange(handle);
  return { message: `Stopped: ${address} gets nothing from the site but the access links it asks for.` };
}

export async function suppressionsScreen({ handle, admin, request }: { handle: DbHandle; admin: AdminUser; request: Request }) {
  return catalogueScreen(
    { handle, request },
    {
      actions: suppressionActions,
      act: (action, form: FormData) => act({ handle, admin }, action, form),
      state: async (outcome: Partial<Outcome>) => ({
        suppressions: (await listSuppressions(handle.db, { limit: SUPPRESSIONS_SHOWN })).map(suppressionView),
        address: outcome.address ?? '',
      }),
    },
  );
}

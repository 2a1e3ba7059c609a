/**
 * /admin/payments: paid checkouts held (each with why), each with a form
 * that assigns it: the edition and the buyer's address (prefilled with what the provider sent).
 */
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { HeldPaymentRow } from '../../domain/payments/held-payment.ts';
import { SelectField } from '../../components/form/Select.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { CARD, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { editionOptions } from './editions/edition-options.ts';
import { Notice, Refusal } from './editions/notices.tsx';
import { heldPaymentActions } from '../../domain/admin-actions.ts';

export interface HeldPaymentsViewProps {
  held: HeldPaymentRow[];
  editions: AdminNavEdition[];
  /** Test payments not removed yet, held or granted (decision 0074). */
  testPayments: number;
  message?: string | undefined;
  problem?: string | undefined;
}

function AssignForm({ row, editions }: { row: HeldPaymentRow; editions: AdminNavEdition[] }) {
  return (
    <form method="post" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="action" value={heldPaymentActions.enum.assign} />
      <input type="hidden" name="id" value={row.id} />
      <SelectField
        id={`held-${row.id}-edition`}
        name="edition"
        label="Edition"
        adminField={false}
        markRequired={false}
        defaultValue={editions.some((e) => e.slug === row.edition) ? row.edition : ''}
        required
        emptyOption="Choose…"
        options={editionOptions(editions)}
      />
      <TextField
        id={`held-${row.id}-email`}
        name="email"
        type="email"
        label="Buyer’s e-mail"
        adminField={false}
        markRequired={false}
        defaultValue={row.email}
        required
      />
      <button type="submit" className={PRIMARY_BUTTON}>
        Assign and grant the pass
      </button>
    </form>
  );
}

/** What the checkout said of its edition, against the site's editions: never "no edition" for one that names one. */
function namedEdition(row: HeldPaymentRow, editions: AdminNavEdition[]): string {
  if (!row.edition) return 'the checkout named no edition';
  return editions.some((edition) => edition.slug === row.edition)
    ? `the checkout was for the edition “${row.edition}”`
    : `the checkout named “${row.edition}”, which is no edition of this site`;
}

/** Test payments (the provider's test mode, `npm run payment:test-event`) go at once, audited. */
function RemoveTestPayments({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <form method="post" className={CARD} data-test-payments={count}>
      <input type="hidden" name="action" value={heldPaymentActions.enum['remove-test-payments']} />
      <p className="text-sm">
        {count} test payment{count === 1 ? '' : 's'} (the payment provider’s test mode) {count === 1 ? 'is' : 'are'} kept apart from the
        real figures. Removing them ends the passes they granted and deletes the held ones; real payments are not touched.
      </p>
      <button type="submit" className={`${PRIMARY_BUTTON} mt-3`}>
        Remove the test payments
      </button>
    </form>
  );
}

export function HeldPaymentsView({ held, editions, testPayments, message, problem }: HeldPaymentsViewProps) {
  return (
    <div className="space-y-6">
      <Notice message={message} />
      <Refusal message={problem} />
      <p className="text-sm text-muted">
        These checkouts were paid, but could not be granted as they came: each says why (no registration matched, a currency the edition
        does not sell in, a registrant of another edition, an amount not above zero). The provider was told they arrived; nothing was
        granted yet. Check each, then assign it to the right edition and address: the registration is found or made there, the pass is
        granted and its confirmation e-mail sent.
      </p>
      <RemoveTestPayments count={testPayments} />
      {held.length === 0 ? <p>No payments are held.</p> : null}
      <ul className="space-y-4">
        {held.map((row) => (
          <li key={row.id} className={CARD} data-held-payment={row.id}>
            <p className="font-semibold">
              {row.test ? <span data-test-payment="">Test · </span> : null}
              {row.pass} · {row.amount} · {row.email || 'no address'}
              {row.name ? ` (${row.name})` : ''}
            </p>
            <p className="text-sm text-muted">
              Paid {row.heldAt}; {namedEdition(row, editions)}.
            </p>
            {row.reason ? (
              <p className="text-sm" data-held-reason="">
                Held: {row.reason}.
              </p>
            ) : null}
            <AssignForm row={row} editions={editions} />
          </li>
        ))}
      </ul>
    </div>
  );
}

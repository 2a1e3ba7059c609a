/**
 * One affiliate on Admin → Affiliates: their links (share link, private page with revoke and
 * re-issue), their rate (and a partner's name and address), "Mark paid", "Adjustment" and, for a
 * partner, delete. Plain forms: they work without JavaScript.
 */
import type { ReactNode } from 'react';
import type { AffiliateScreenRow, AffiliatesScreenState } from '../../../domain/affiliates/affiliate-figures.ts';
import { AFFILIATE_KIND_LABELS } from '../../../domain/affiliates/affiliate-figures.ts';
import { ratePercentText } from '../../../domain/affiliates/rates.ts';
import { formatMoney, majorAmount } from '../../../domain/money.ts';
import { Field } from '../../../components/form/Field.tsx';
import { DANGER_BUTTON, LINK, SECONDARY_BUTTON, SMALL_PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { echoFor, FormProblem, TextInput } from './form-parts.tsx';
import { affiliatesActions, type AffiliatesAction } from '../../../domain/admin-actions.ts';

interface CardProps {
  row: AffiliateScreenRow;
  state: AffiliatesScreenState;
}

function Hidden({ action, id }: { action: AffiliatesAction; id: number }) {
  return (
    <>
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

function SubForm({ title, children, name }: { title: string; children: ReactNode; name: string }) {
  return (
    <form method="post" className="space-y-3 rounded-xl bg-surface p-4" data-affiliate-form={name}>
      <h4 className="font-semibold">{title}</h4>
      {children}
    </form>
  );
}

function EditForm({ row, state }: CardProps) {
  const echo = echoFor(state, 'edit', row.linkId);
  const id = (name: string) => `edit-${name}-${row.linkId}`;
  return (
    <SubForm title={row.kind === 'partner' ? 'Name, e-mail and rate' : 'Rate'} name="edit">
      <Hidden action={affiliatesActions.enum.edit} id={row.linkId} />
      {row.kind === 'partner' ? (
        <>
          <TextInput name="name" id={id('name')} label="Name" echo={echo} defaultValue={row.name} required />
          <TextInput name="email" id={id('email')} label="E-mail" type="email" echo={echo} defaultValue={row.email} required />
        </>
      ) : null}
      <TextInput
        name="rate"
        id={id('rate')}
        label="Commission rate (%)"
        inputMode="decimal"
        echo={echo}
        defaultValue={row.ownRateBp === null ? '' : ratePercentText(row.ownRateBp)}
        help="Empty: the edition’s default rate."
      />
      <button type="submit" className={SMALL_PRIMARY_BUTTON}>
        Save {row.name}
      </button>
    </SubForm>
  );
}

function PayoutForm({ row, state }: CardProps) {
  const echo = echoFor(state, 'payout', row.linkId);
  const id = (name: string) => `payout-${name}-${row.linkId}`;
  return (
    <SubForm title="Mark paid" name="payout">
      <Hidden action={affiliatesActions.enum.payout} id={row.linkId} />
      <input type="hidden" name="token" value={row.payoutToken} />
      <FormProblem echo={echo} />
      <TextInput
        name="amount"
        id={id('amount')}
        label={`Amount paid (${state.currency.toUpperCase()})`}
        inputMode="decimal"
        echo={echo}
        defaultValue={majorAmount(row.balances.approved, state.currency)}
        help={`Approved and unpaid: ${formatMoney(row.balances.approved, state.currency)}.`}
        required
      />
      <TextInput
        name="reference"
        id={id('reference')}
        label="Reference"
        echo={echo}
        help="The bank transfer's or PayPal payment's id."
        required
      />
      <TextInput name="date" id={id('date')} label="Date paid" type="date" echo={echo} defaultValue={state.today} required />
      <Field
        id={id('advance')}
        name="advance"
        label="Pay in advance (more than approved; the difference is owed back until commissions are approved)"
        adminField={false}
        checkbox={(control) => <input {...control} type="checkbox" defaultChecked={echo.values.advance !== undefined} />}
      />
      <button type="submit" className={SMALL_PRIMARY_BUTTON}>
        Mark {row.name} paid
      </button>
    </SubForm>
  );
}

function AdjustmentForm({ row, state }: CardProps) {
  const echo = echoFor(state, 'adjust', row.linkId);
  const id = (name: string) => `adjust-${name}-${row.linkId}`;
  return (
    <SubForm title="Adjustment" name="adjust">
      <Hidden action={affiliatesActions.enum.adjust} id={row.linkId} />
      <input type="hidden" name="token" value={row.adjustmentToken} />
      <FormProblem echo={echo} />
      <TextInput
        name="amount"
        id={id('amount')}
        label={`Amount (${state.currency.toUpperCase()}, signed)`}
        echo={echo}
        help="-12.50 takes away, 20 adds; approved at once."
        required
      />
      <TextInput name="reason" id={id('reason')} label="Reason" echo={echo} help="Shown to the affiliate on their page." required />
      <button type="submit" className={SECONDARY_BUTTON}>
        Record the adjustment for {row.name}
      </button>
    </SubForm>
  );
}

function Links({ row }: { row: AffiliateScreenRow }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        Share link: <code data-share-url="">{row.shareUrl}</code>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {row.pageUrl ? (
          <a className={LINK} href={row.pageUrl} data-affiliate-page-link="">
            {row.name}’s own page (private: send it to them)
          </a>
        ) : (
          <span className="text-muted">Their page link is revoked.</span>
        )}
        <form method="post" className="inline">
          <Hidden action={row.pageUrl ? affiliatesActions.enum.revoke : affiliatesActions.enum.reissue} id={row.linkId} />
          <button type="submit" className={SECONDARY_BUTTON}>
            {row.pageUrl ? `Revoke ${row.name}’s page link` : `Issue a new page link for ${row.name}`}
          </button>
        </form>
      </div>
    </div>
  );
}

export function AffiliateCard({ row, state }: CardProps) {
  const open = state.refused?.id === row.linkId;
  return (
    <li id={`affiliate-${row.linkId}`} className="rounded-2xl p-4 ring-1 ring-ink/10" data-affiliate={row.code}>
      <details open={open || undefined}>
        <summary className="cursor-pointer">
          <span className="font-semibold">{row.name}</span>{' '}
          <span className="text-sm text-muted">
            · {AFFILIATE_KIND_LABELS[row.kind]} · approved {formatMoney(row.balances.approved, state.currency)}
          </span>
        </summary>
        <div className="mt-4 space-y-4">
          <Links row={row} />
          <div className="grid gap-4 lg:grid-cols-3">
            <EditForm row={row} state={state} />
            <PayoutForm row={row} state={state} />
            <AdjustmentForm row={row} state={state} />
          </div>
          {row.kind === 'partner' ? (
            <form method="post">
              <Hidden action={affiliatesActions.enum.delete} id={row.linkId} />
              <button type="submit" className={DANGER_BUTTON} disabled={row.hasLedger || undefined}>
                Delete the partner {row.name}
              </button>
              {row.hasLedger ? (
                <p className="mt-1 text-sm text-muted">Kept: their commission rows are the record of what they earned and were paid.</p>
              ) : null}
            </form>
          ) : null}
        </div>
      </details>
    </li>
  );
}

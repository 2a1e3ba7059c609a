/**
 * Admin → Affiliates (`/admin/affiliates?edition={slug}`; docs/PRODUCT.md "Affiliates", decision
 * 0066): the edition's default commission, every affiliate's figures, each affiliate's rate, links,
 * payouts and adjustments, a new partner, the payouts CSV and the leaderboard widget's switch.
 * Server-rendered forms, no script.
 */
import type { AffiliatesScreenState } from '../../../domain/affiliates/affiliate-figures.ts';
import { formatRate, ratePercentText } from '../../../domain/affiliates/rates.ts';
import { widgetSnippet } from '../../../domain/embed-page.ts';
import { Field } from '../../../components/form/Field.tsx';
import { LINK, PRIMARY_BUTTON, SMALL_PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { Notice, Refusal } from '../editions/notices.tsx';
import { AffiliateCard } from './AffiliateCard.tsx';
import { AffiliatesTable } from './AffiliatesTable.tsx';
import { echoFor, TextInput } from './form-parts.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { affiliatesActions } from '../../../domain/admin-actions.ts';

function EditionSwitch({ state }: { state: AffiliatesScreenState }) {
  return (
    <nav aria-label="Editions" className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {state.editions.map((edition) => (
        <a
          key={edition.slug}
          href={`/admin/affiliates?edition=${edition.slug}`}
          className={LINK}
          aria-current={edition.slug === state.edition.slug ? 'page' : undefined}
        >
          {edition.name}
        </a>
      ))}
    </nav>
  );
}

function RateForm({ state }: { state: AffiliatesScreenState }) {
  const echo = echoFor(state, 'rate', null);
  return (
    <form method="post" className="flex flex-wrap items-end gap-4" data-affiliate-form="rate">
      <input type="hidden" name="action" value={affiliatesActions.enum.rate} />
      <div className="w-48">
        <TextInput
          name="rate"
          id="edition-rate"
          label="Default commission (%)"
          inputMode="decimal"
          echo={echo}
          defaultValue={ratePercentText(state.defaultRateBp)}
          required
        />
      </div>
      <button type="submit" className={SMALL_PRIMARY_BUTTON}>
        Save the default rate
      </button>
      <p className="w-full text-sm text-muted">
        Every speaker, host and partner earns it on the passes they bring (less tax), unless their own rate says otherwise. Commission stays
        pending for the hold period, then is approved and payable.
      </p>
    </form>
  );
}

function PartnerForm({ state }: { state: AffiliatesScreenState }) {
  const echo = echoFor(state, 'partner', null);
  return (
    <form method="post" className="grid gap-4 sm:grid-cols-2" data-affiliate-form="partner">
      <input type="hidden" name="action" value={affiliatesActions.enum.partner} />
      <TextInput name="name" id="partner-name" label="Name" echo={echo} required />
      <TextInput name="email" id="partner-email" label="E-mail" type="email" echo={echo} required />
      <TextInput
        name="code"
        id="partner-code"
        label="Share code"
        echo={echo}
        help="Their link is /r/{code}: letters, digits and dashes."
        required
      />
      <TextInput
        name="rate"
        id="partner-rate"
        label="Commission rate (%)"
        inputMode="decimal"
        echo={echo}
        help="Empty: the edition’s default rate."
      />
      <div className="sm:col-span-2">
        <button type="submit" className={PRIMARY_BUTTON}>
          Add the partner
        </button>
      </div>
    </form>
  );
}

function WidgetForm({ state }: { state: AffiliatesScreenState }) {
  return (
    <form method="post" className="space-y-3" data-affiliate-form="widget">
      <input type="hidden" name="action" value={affiliatesActions.enum.widget} />
      <Field
        name="leaderboardWidget"
        label="Partners may embed the leaderboard (names and registrations only: no money, no e-mail addresses)"
        adminField={false}
        checkbox={(control) => <input {...control} type="checkbox" defaultChecked={state.leaderboardWidget} />}
      />
      <button type="submit" className={SMALL_PRIMARY_BUTTON}>
        Save the widget setting
      </button>
      {state.leaderboardWidget ? (
        <p className="text-sm break-all">
          Widget:{' '}
          <a className={LINK} href={state.widgetUrl}>
            {state.widgetUrl}
          </a>
          ; snippet: <code>{widgetSnippet(new URL(state.widgetUrl).origin, { summit: state.edition.slug, widget: 'leaderboard' })}</code>
        </p>
      ) : (
        <p className="text-sm text-muted">Off: the widget’s address answers “not found” and /embed does not list it.</p>
      )}
    </form>
  );
}

export function AffiliatesView({ state }: { state: AffiliatesScreenState }) {
  const slug = state.edition.slug;
  return (
    <div className="space-y-8">
      <EditionSwitch state={state} />
      <Notice message={state.message} />
      <Refusal message={state.problem} />
      <p className="text-sm">
        <a className={LINK} href={`/admin/affiliates/payouts.csv?edition=${slug}`}>
          Payouts (CSV)
        </a>{' '}
        ·{' '}
        <a className={LINK} href={`/admin/insights?edition=${slug}`}>
          Insights
        </a>{' '}
        · Amounts in {state.currency.toUpperCase()}; default rate {formatRate(state.defaultRateBp)}.
      </p>
      <AdminSection id="rates" title="Commission rate">
        <RateForm state={state} />
      </AdminSection>
      <AdminSection id="figures" title="Affiliates’ figures">
        <AffiliatesTable state={state} />
      </AdminSection>
      <AdminSection id="manage" title="Each affiliate: rate, links, payouts">
        <ul className="space-y-4">
          {state.rows.map((row) => (
            <AffiliateCard key={row.linkId} row={row} state={state} />
          ))}
        </ul>
      </AdminSection>
      <AdminSection id="partner" title="Add a partner">
        <PartnerForm state={state} />
      </AdminSection>
      <AdminSection id="widget" title="Leaderboard widget">
        <WidgetForm state={state} />
      </AdminSection>
    </div>
  );
}

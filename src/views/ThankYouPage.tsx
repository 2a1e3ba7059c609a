/** The registration thank-you and upgrade offer (docs/PRODUCT.md "Thank-you and upgrade offer"). */
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import type { UpgradePlanOffer } from '../domain/offers.ts';

export interface ThankYouPageProps {
  firstName: string | null;
  /** 'July 15-17 2025' */
  summitDates: string;
  /** 'July 22-25 2025' */
  retreatDates: string;
  /** The passes offered: none for someone who holds the top pass, and then no offer is shown (decision 0056). */
  plans: UpgradePlanOffer[];
  /** The edition's name for the pass the retreat comes with. */
  topPassName: string;
  communityUrl: string;
  /** 15 */
  offerMinutes: number;
  /** 7 */
  retreatOpensInDays: number;
  /** The retreat's days as the offer lists them ('Day 1: Opening ceremony and grounding', ...). */
  retreatDays: string[];
  /** The signed-in registrant's personal links (they sign any browser in), or null. */
  personalLinks?: { day1: string; dashboard: string } | null;
}

function PersonalLinks({ links }: { links: { day1: string; dashboard: string } }) {
  return (
    <section
      aria-labelledby="links-heading"
      data-personal-links
      className="mx-auto mt-10 max-w-2xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-primary/15"
    >
      <h2 id="links-heading" className="font-serif text-2xl font-bold text-ink">
        Your personal links
      </h2>
      <p className="mt-2 text-muted">
        They open the summit on any device. Keep them to yourself: they sign you in. We have e-mailed them to you too.
      </p>
      <p className="mt-6 flex flex-wrap justify-center gap-4">
        <a href={links.day1} data-personal-link="day-1" className={PRIMARY_BUTTON}>
          Go to Day 1
        </a>
        <a href={links.dashboard} data-personal-link="dashboard" className={SECONDARY_BUTTON}>
          Your dashboard
        </a>
      </p>
    </section>
  );
}

const PRIMARY_BUTTON =
  'inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';
const SECONDARY_BUTTON =
  'inline-flex items-center justify-center rounded-full bg-white px-6 py-3 font-semibold text-ink ring-1 ring-brand-primary/40 transition hover:bg-brand-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

function PlanCard({ plan }: { plan: UpgradePlanOffer }) {
  return (
    <li
      className={
        plan.highlighted
          ? 'relative flex flex-col rounded-3xl bg-white p-8 shadow-xl shadow-brand-primary/20 ring-2 ring-brand-primary'
          : 'flex flex-col rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15'
      }
    >
      {plan.highlighted && (
        <p className="absolute -top-3 left-8 rounded-full bg-brand-primary-strong px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Best value
        </p>
      )}
      <h3 className="font-serif text-2xl font-bold text-ink">{plan.name}</h3>
      <p className="mt-3 font-serif text-4xl font-bold text-ink">{`$${plan.price}`}</p>
      <ul className="mt-6 flex-1 space-y-2 text-ink">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-brand-accent" />
            {feature}
          </li>
        ))}
      </ul>
      <a
        href={plan.checkoutUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-plan={plan.id}
        className={`mt-8 ${plan.highlighted ? PRIMARY_BUTTON : SECONDARY_BUTTON}`}
      >
        {`Choose ${plan.name}`}
      </a>
    </li>
  );
}

/** The welcome video's place, the greeting, the dates and (signed in) the personal links. */
function Welcome({ firstName, summitDates, personalLinks }: Pick<ThankYouPageProps, 'firstName' | 'summitDates' | 'personalLinks'>) {
  const greeting = firstName ? `You're officially registered, ${firstName}!` : "You're officially registered!";
  return (
    <div className="mx-auto max-w-3xl">
      <div
        role="img"
        aria-label="Welcome video placeholder: video coming soon"
        className="grid aspect-video w-full place-items-center rounded-3xl bg-gradient-to-br from-ink to-[color-mix(in_oklab,var(--color-brand-primary)_45%,black)] text-white shadow-xl"
      >
        <div className="text-center">
          <svg aria-hidden="true" viewBox="0 0 64 64" width="64" height="64" className="mx-auto">
            <circle cx="32" cy="32" r="31" fill="none" stroke="currentColor" strokeOpacity=".6" strokeWidth="2" />
            <path d="M26 20v24l19-12z" fill="currentColor" />
          </svg>
          <p className="mt-4 font-medium">Welcome video coming soon</p>
        </div>
      </div>

      <h1 className="mt-12 text-center font-serif text-4xl font-bold text-ink sm:text-5xl">{greeting}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-center text-lg text-muted">
        The summit runs {summitDates}, delivered via a private podcast straight to your favourite listening app. Your access details are on
        their way, so keep an eye on your inbox.
      </p>
      {personalLinks ? <PersonalLinks links={personalLinks} /> : null}
    </div>
  );
}

/** The retreat's days and the time-limited offer, then one card per plan. */
function UpgradeOffer({
  retreatDates,
  plans,
  offerMinutes,
  retreatOpensInDays,
  retreatDays,
  topPassName,
}: Pick<ThankYouPageProps, 'retreatDates' | 'plans' | 'offerMinutes' | 'retreatOpensInDays' | 'retreatDays' | 'topPassName'>) {
  return (
    <section aria-labelledby="upgrade-heading" className="mx-auto mt-20 max-w-5xl">
      <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15 sm:p-12">
        <h2 id="upgrade-heading" className="text-center font-serif text-3xl font-bold text-ink sm:text-4xl">
          Integration Retreat Deep Dive
        </h2>
        <p className="mt-4 text-center text-lg text-muted">{`${retreatDates}, online, exclusive to ${topPassName} holders`}</p>
        <ol className="mx-auto mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
          {retreatDays.map((day) => (
            <li key={day} className="rounded-2xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/5 p-5 font-medium text-ink">
              {day}
            </li>
          ))}
        </ol>
        <div className="mt-8 space-y-1 text-center">
          <p className="font-semibold text-ink">{`Limited-time offer: this price is available for ${offerMinutes} minutes only`}</p>
          <p className="text-muted">{`Retreat doors open in ${retreatOpensInDays} days`}</p>
        </div>
      </div>

      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
    </section>
  );
}

export function ThankYouPage({
  firstName,
  summitDates,
  retreatDates,
  plans,
  communityUrl,
  offerMinutes,
  retreatOpensInDays,
  retreatDays,
  topPassName,
  personalLinks = null,
}: ThankYouPageProps) {
  return (
    <main className="bg-gradient-to-b from-brand-primary/10 via-surface to-surface px-6 pt-12 pb-8 sm:pt-16">
      <Welcome firstName={firstName} summitDates={summitDates} personalLinks={personalLinks} />
      {plans.length ? (
        <UpgradeOffer
          retreatDates={retreatDates}
          plans={plans}
          offerMinutes={offerMinutes}
          retreatOpensInDays={retreatOpensInDays}
          retreatDays={retreatDays}
          topPassName={topPassName}
        />
      ) : null}

      <section aria-labelledby="not-ready-heading" className="mx-auto mt-16 max-w-3xl text-center">
        <h2 id="not-ready-heading" className="font-serif text-2xl font-bold text-ink">
          Not ready to upgrade?
        </h2>
        <p className="mt-3 text-muted">No problem. Meet fellow listeners and get ready for the summit together.</p>
        <a href={communityUrl} target="_blank" rel="noopener noreferrer" className={`mt-6 ${SECONDARY_BUTTON}`}>
          Continue to the Summit Community
        </a>
      </section>

      <div className="mt-16">
        <AffiliateDisclaimer />
      </div>
    </main>
  );
}

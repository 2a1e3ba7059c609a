/** The registration thank-you and upgrade offer (docs/PRODUCT.md "Thank-you and upgrade offer"). */
import { OptionalHeading, headingId } from '../components/OptionalHeading.tsx';
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import type { UpgradePlanOffer } from '../domain/offers.ts';

/** The edition's words on the page, with their fields (dates, pass name) filled in. */
export interface ThankYouTexts {
  videoPlaceholder: string;
  intro: string;
  offer: { shown: boolean; heading: string; subheading: string };
  notReady: { shown: boolean; heading: string; text: string; linkLabel: string };
  disclaimer: string;
}

export interface ThankYouPageProps {
  firstName: string | null;
  /** The passes offered: none for someone who holds the top pass, and then no offer is shown (decision 0057). */
  plans: UpgradePlanOffer[];
  communityUrl: string;
  /** 15 */
  offerMinutes: number;
  /** 7 */
  retreatOpensInDays: number;
  /** The retreat's days as the offer lists them ('Day 1: Opening ceremony and grounding', ...). */
  retreatDays: string[];
  /** The signed-in registrant's personal links (they sign any browser in), or null. */
  personalLinks?: { day1: string; dashboard: string } | null;
  texts: ThankYouTexts;
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
      <p data-price="" className="mt-3 font-serif text-4xl font-bold text-ink">
        {plan.priceText}
      </p>
      {plan.priceNote ? (
        <p data-price-note="" className="mt-2 text-sm font-medium text-muted">
          {plan.priceNote}
        </p>
      ) : null}
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

/** The welcome video's place until there is a video, with the edition's words in it. */
function VideoPlaceholder({ words }: { words: string }) {
  return (
    <div
      role="img"
      aria-label={`Welcome video placeholder: ${words}`}
      className="grid aspect-video w-full place-items-center rounded-3xl bg-gradient-to-br from-ink to-[color-mix(in_oklab,var(--color-brand-primary)_45%,black)] text-white shadow-xl"
    >
      <div className="text-center">
        <svg aria-hidden="true" viewBox="0 0 64 64" width="64" height="64" className="mx-auto">
          <circle cx="32" cy="32" r="31" fill="none" stroke="currentColor" strokeOpacity=".6" strokeWidth="2" />
          <path d="M26 20v24l19-12z" fill="currentColor" />
        </svg>
        <p className="mt-4 font-medium">{words}</p>
      </div>
    </div>
  );
}

/** The welcome video's place, the greeting, the dates and (signed in) the personal links. */
function Welcome({ firstName, personalLinks, texts }: Pick<ThankYouPageProps, 'firstName' | 'personalLinks' | 'texts'>) {
  const greeting = firstName ? `You're officially registered, ${firstName}!` : "You're officially registered!";
  return (
    <div className="mx-auto max-w-3xl">
      {texts.videoPlaceholder ? <VideoPlaceholder words={texts.videoPlaceholder} /> : null}
      <h1 className="mt-12 text-center font-serif text-4xl font-bold text-ink sm:text-5xl">{greeting}</h1>
      {texts.intro ? <p className="mx-auto mt-5 max-w-2xl text-center text-lg text-muted">{texts.intro}</p> : null}
      {personalLinks ? <PersonalLinks links={personalLinks} /> : null}
    </div>
  );
}

/** The edition's offer heading, the retreat's days where it has them, the time-limited offer, then one card per plan. */
function UpgradeOffer({
  plans,
  offerMinutes,
  retreatOpensInDays,
  retreatDays,
  texts,
}: Pick<ThankYouPageProps, 'plans' | 'offerMinutes' | 'retreatOpensInDays' | 'retreatDays'> & { texts: ThankYouTexts['offer'] }) {
  return (
    <section aria-labelledby={headingId('upgrade-heading', texts.heading)} className="mx-auto mt-20 max-w-5xl">
      <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15 sm:p-12">
        <OptionalHeading
          id="upgrade-heading"
          text={texts.heading}
          className="text-center font-serif text-3xl font-bold text-ink sm:text-4xl"
        />
        {texts.subheading ? <p className="mt-4 text-center text-lg text-muted">{texts.subheading}</p> : null}
        {retreatDays.length > 0 ? (
          <ol className="mx-auto mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
            {retreatDays.map((day) => (
              <li key={day} className="rounded-2xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/5 p-5 font-medium text-ink">
                {day}
              </li>
            ))}
          </ol>
        ) : null}
        <div className="mt-8 space-y-1 text-center">
          <p className="font-semibold text-ink">{`Limited-time offer: this price is available for ${offerMinutes} minutes only`}</p>
          {retreatDays.length > 0 ? <p className="text-muted">{`Retreat doors open in ${retreatOpensInDays} days`}</p> : null}
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

/** For a registrant not buying now: the edition's words and its community link, when it has one. */
function NotReady({ texts, communityUrl }: { texts: ThankYouTexts['notReady']; communityUrl: string }) {
  const link = communityUrl && texts.linkLabel;
  if (!texts.heading && !texts.text && !link) return null;
  return (
    <section aria-labelledby={headingId('not-ready-heading', texts.heading)} className="mx-auto mt-16 max-w-3xl text-center">
      <OptionalHeading id="not-ready-heading" text={texts.heading} className="font-serif text-2xl font-bold text-ink" />
      {texts.text ? <p className="mt-3 text-muted">{texts.text}</p> : null}
      {link ? (
        <a href={communityUrl} target="_blank" rel="noopener noreferrer" className={`mt-6 ${SECONDARY_BUTTON}`}>
          {texts.linkLabel}
        </a>
      ) : null}
    </section>
  );
}

export function ThankYouPage({
  firstName,
  plans,
  communityUrl,
  offerMinutes,
  retreatOpensInDays,
  retreatDays,
  personalLinks = null,
  texts,
}: ThankYouPageProps) {
  return (
    <main className="bg-gradient-to-b from-brand-primary/10 via-surface to-surface px-6 pt-12 pb-8 sm:pt-16">
      <Welcome firstName={firstName} personalLinks={personalLinks} texts={texts} />
      {texts.offer.shown && plans.length > 0 ? (
        <UpgradeOffer
          plans={plans}
          offerMinutes={offerMinutes}
          retreatOpensInDays={retreatOpensInDays}
          retreatDays={retreatDays}
          texts={texts.offer}
        />
      ) : null}
      {texts.notReady.shown ? <NotReady texts={texts.notReady} communityUrl={communityUrl} /> : null}
      <div className="mt-16">
        <AffiliateDisclaimer text={texts.disclaimer} />
      </div>
    </main>
  );
}

/**
 * A free or Replay registrant's own dashboard in a `registrants` edition (decision 0033): where
 * every "Your dashboard" link takes them, instead of a bounce. Their days (each plays while it is
 * open for them, or says when it opens or that it closed), their private feed, and the passes above
 * theirs. The full dashboard (integration week, bonuses, workshop) stays All Access's.
 */
import type { DashboardPageData } from '../../domain/dashboard-page.ts';
import { PLAN_NAMES } from '../../domain/offers.ts';
import { AffiliateDisclaimer } from '../AffiliateDisclaimer.tsx';
import { SubscribePanel } from '../SubscribePanel.tsx';
import { DashboardSection } from './DashboardSection.tsx';
import { SummitDaysSection } from './SummitDaysSection.tsx';
import { SupportLine } from './SupportLine.tsx';
import { YourDataLink } from './YourDataLink.tsx';
import { BouncedAddressNotice } from './BouncedAddressNotice.tsx';
import { TierCards } from './TierCards.tsx';
import { summitTitle } from '../../domain/summit-title.ts';

function OwnWelcome({ data }: { data: DashboardPageData }) {
  return (
    <header data-welcome="" data-dashboard-view="reduced" className="text-center">
      <p className="inline-block rounded-full bg-brand-primary/10 px-4 py-1 text-sm font-semibold text-brand-primary-strong">Your summit</p>
      <h1 className="mt-4 font-serif text-4xl leading-tight font-bold text-ink sm:text-5xl">
        Welcome to the {summitTitle(data.editionName)}
      </h1>
      <p data-summit-dates="" className="mt-4 text-lg font-medium text-ink">
        {data.summitDates}
      </p>
      <p data-your-pass="" className="mx-auto mt-2 max-w-2xl text-muted">
        Your pass: {data.tiers.find((tier) => tier.id === data.tier)?.name ?? PLAN_NAMES[data.tier]}. Each day plays here and on its own
        page while it is open for you.
      </p>
    </header>
  );
}

export function OwnDaysDashboard({ data }: { data: DashboardPageData }) {
  // The host views' and speakers' call to action: the All Access checkout (it carries the buyer), else the course page.
  const allAccessUrl = data.tiers.find((tier) => tier.id === 'aap')?.checkoutUrl || data.links.courseUrl;
  return (
    <main className="mx-auto max-w-5xl space-y-16 px-6 py-12">
      {data.addressBounced ? <BouncedAddressNotice supportEmail={data.supportEmail} /> : null}
      <OwnWelcome data={data} />
      {data.subscribe ? <SubscribePanel {...data.subscribe} /> : null}
      <SummitDaysSection data={data} allAccessUrl={allAccessUrl} hostContext="public" />
      <DashboardSection id="go-deeper" title="Keep Listening">
        <TierCards tiers={data.tiers} current={data.tier} schoolTrialDays={data.schoolTrialDays} />
      </DashboardSection>
      <SupportLine email={data.supportEmail} />
      <YourDataLink />
      <AffiliateDisclaimer text={data.texts.disclaimer} />
    </main>
  );
}

/**
 * The members dashboard (docs/PRODUCT.md "Dashboards"): one view for every edition; everything
 * edition-specific comes from the data (src/domain/dashboard-page.ts). In order: the access
 * banner, the 'You're In' welcome, the summit days accordion, Integration Week, bonuses, the
 * upsell cards, the workshop promo, the support line and the affiliate disclaimer. A free or
 * Replay registrant of a `registrants` edition gets their own reduced one (OwnDaysDashboard).
 */
import { AffiliateDisclaimer } from '../components/AffiliateDisclaimer.tsx';
import { BouncedAddressNotice } from '../components/dashboard/BouncedAddressNotice.tsx';
import { BonusBundleList } from '../components/dashboard/BonusBundleList.tsx';
import { BonusCards } from '../components/dashboard/BonusCards.tsx';
import { DashboardSection, EmptyNote } from '../components/dashboard/DashboardSection.tsx';
import { SummitDaysSection } from '../components/dashboard/SummitDaysSection.tsx';
import { OwnDaysDashboard } from '../components/dashboard/OwnDaysDashboard.tsx';
import { IntegrationSchedule } from '../components/dashboard/IntegrationSchedule.tsx';
import { SupportLine } from '../components/dashboard/SupportLine.tsx';
import { YourDataLink } from '../components/dashboard/YourDataLink.tsx';
import { TemplateUpsell } from '../components/dashboard/TemplateUpsell.tsx';
import { TierCards } from '../components/dashboard/TierCards.tsx';
import { WelcomeHeader } from '../components/dashboard/WelcomeHeader.tsx';
import { SubscribePanel } from '../components/SubscribePanel.tsx';
import { WorkshopPromo } from '../components/dashboard/WorkshopPromo.tsx';
import { PersonalSlot } from '../components/PersonalSlot.tsx';
import { TimedPageBanner } from '../components/TimedPageBanner.tsx';
import type { DashboardPageData } from '../domain/dashboard-page.ts';

/** `personalSlot`: leave the access banner's place empty; the server fills it per request (src/server/page-loaders/cached-personal-pages.ts). */
export function DashboardPage({ data, path, personalSlot }: { data: DashboardPageData; path: string; personalSlot?: boolean }) {
  const allAccessUrl = data.links.courseUrl;
  const hasBonuses = data.bonusCards.length > 0 || data.bonusBundle !== null;
  const banner = personalSlot ? (
    <PersonalSlot />
  ) : (
    <TimedPageBanner access={data.access} now={data.now} dayLabel="Dashboard" returnTo={path} timeZone={data.timeZone} />
  );
  if (data.view === 'reduced') {
    return (
      <>
        {banner}
        <OwnDaysDashboard data={data} />
      </>
    );
  }
  return (
    <>
      {banner}
      <main className="mx-auto max-w-5xl space-y-16 px-6 py-12">
        {data.addressBounced ? <BouncedAddressNotice supportEmail={data.supportEmail} /> : null}
        <WelcomeHeader editionName={data.editionName} summitDates={data.summitDates} accessDays={data.accessDays} />
        {data.subscribe ? <SubscribePanel {...data.subscribe} /> : null}
        <SummitDaysSection data={data} allAccessUrl={allAccessUrl} />
        <IntegrationSchedule schedule={data.schedule} integrationWeek={data.integrationWeek} />
        {hasBonuses || data.texts.noBonuses ? (
          <DashboardSection id="bonuses" title="Your Bonuses">
            <BonusCards cards={data.bonusCards} />
            {data.bonusBundle ? <BonusBundleList bundle={data.bonusBundle} /> : null}
            {hasBonuses ? null : <EmptyNote>{data.texts.noBonuses}</EmptyNote>}
          </DashboardSection>
        ) : null}
        <DashboardSection id="go-deeper" title="Go Deeper">
          <TierCards tiers={data.tiers} current={data.tier} schoolTrialDays={data.schoolTrialDays} />
          {data.templateUpsell ? <TemplateUpsell upsell={data.templateUpsell} /> : null}
        </DashboardSection>
        {data.workshop ? <WorkshopPromo workshop={data.workshop} /> : null}
        <SupportLine email={data.supportEmail} />
        <YourDataLink />
        <AffiliateDisclaimer text={data.texts.disclaimer} />
      </main>
    </>
  );
}

/** Loads a members dashboard (SPEC.md "Dashboards") from the edition's data, or says to redirect or 404. */
import type { DashboardPageData, IntegrationSchedule } from '../../domain/dashboard-page.ts';
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { Edition } from '../../domain/edition.ts';
import { tierOffers } from '../../domain/offers.ts';
import { scheduleDates } from '../../domain/edition-dates/day-windows.ts';
import { checkoutUrlFor } from '../../domain/access/checkout.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { loadBonusBundle, loadDayHost, loadEditionDay, loadIntegrationSessions, loadSpeakers } from '../people/people-blocks.ts';
import { openTimedPage, personalize, pageToRender, type PageContext, type PersonalPageResult } from './timed-page.ts';

export type DashboardPageResult = PersonalPageResult<DashboardPageData>;

const DAYS = [1, 2, 3];

async function loadSchedule(db: Database, edition: Edition): Promise<IntegrationSchedule> {
  const { dashboard, links } = edition.settings;
  if (dashboard.integrationSchedule === 'static') {
    const entries = scheduleDates(dashboard.staticSchedule, edition.settings.integrationWeek.startDate);
    return { kind: 'static', entries, communityUrl: links.communityUrl };
  }
  return { kind: 'sessions', sessions: await loadIntegrationSessions(db, edition, dashboard.integrationDays) };
}

/** `audioHost`: AUDIO_EMBED_HOST, the only host episode embeds may come from (the page passes its request's configuration). */
export async function loadDashboardPage(slug: string, context: PageContext, audioHost: string): Promise<DashboardPageResult> {
  const { db } = await getDatabase();
  const opened = await openTimedPage({ db, slug, page: 'dashboard', context });
  if (opened.kind !== 'open') return opened;
  const { edition, access, now } = opened;
  const { personal, filled, marked } = await personalize(context, opened, 'Dashboard');
  if (filled) return { kind: 'filled', response: filled };
  const { dashboard, links, upgrade } = edition.settings;

  const [days, speakers, schedule, bonusBundle] = await Promise.all([
    Promise.all(
      DAYS.map(async (day) => ({ day, info: await loadEditionDay(db, edition, day), host: await loadDayHost(db, edition, day) })),
    ),
    loadSpeakers(db, edition),
    loadSchedule(db, edition),
    dashboard.showBonusBundle ? loadBonusBundle(db, edition) : Promise.resolve(null),
  ]);

  return pageToRender(opened, personal, {
    summit: edition.slug,
    editionName: edition.name,
    summitDates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
    // Dashboards are public and assume All Access Pass holders (SPEC.md section 6); the view
    // already takes the tier, so gating can be switched on per edition later.
    tier: 'aap',
    access,
    now: now.getTime(),
    accessDays: edition.settings.accessDays,
    days,
    speakers,
    schedule,
    integrationWeek: edition.settings.integrationWeek,
    bonusCards: dashboard.bonusCards,
    bonusBundle,
    schoolTrialDays: edition.settings.schoolTrialDays,
    tiers: tierOffers(upgrade).map((tier) => ({
      ...tier,
      checkoutUrl: tier.checkoutUrl && checkoutUrlFor(tier.checkoutUrl, marked?.buyer ?? null),
    })),
    templateUpsell: dashboard.templateUpsell ? { ...dashboard.templateUpsell, url: links.templateUrl, paymentUrl: links.paymentUrl } : null,
    workshop: dashboard.workshop ? { ...dashboard.workshop, url: links.workshopUrl } : null,
    links,
    supportEmail: dashboard.supportEmail,
    audioHost,
    subscribe: marked?.subscribe ?? null,
  });
}

/**
 * Loads a members dashboard (docs/PRODUCT.md "Dashboards") from the edition's data, or says to redirect or
 * 404. All Access (and any visitor of an `open` edition) gets the full dashboard; a free or Replay
 * registrant of a `registrants` edition gets their own reduced one (decision 0033): their days,
 * their feed and the upgrade, rendered whole for them (what each day holds is theirs: their visits,
 * their drip), never a shell.
 */
import { loadSiteBrand } from '../brand/site-brand.ts';
import { hostCardTexts } from '../../domain/edition-texts/page-texts.ts';
import { pageMeta } from '../../domain/page-meta.ts';
import type { DashboardDay, DashboardPageData, IntegrationSchedule } from '../../domain/dashboard-page.ts';
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { Edition } from '../../domain/edition.ts';
import { tierOffers } from '../../domain/offers.ts';
import { formatMoney } from '../../domain/money.ts';
import { pricingFor } from '../payments/pricing.ts';
import { passCheckoutUrls } from '../payments/checkout-config.ts';
import { scheduleDates } from '../../domain/edition-dates/day-windows.ts';
import { checkoutUrlFor, registrantReference, type Buyer } from '../../domain/access/checkout.ts';
import type { SubscribeOptions } from '../../domain/podcast/subscribe.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { loadDayEpisodes } from '../episodes/day-episodes.ts';
import { feedUrl } from '../../domain/podcast/feed-links.ts';
import { subscribeOptions } from '../feed/subscribe-options.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { loadBonusBundle, loadDayHost, loadEditionDay, loadIntegrationSessions, loadSpeakers } from '../people/people-blocks.ts';
import { openTimedPage, personalize, pageToRender, shownListening } from './timed-page.ts';
import { PRICE_DEADLINE_MARKERS } from './cached-personal-pages.ts';
import { priceDeadlineFieldOf } from '../../domain/personal-page.ts';
import type { PageContext, PersonalPageResult, TimedPageResult } from './timed-page.ts';

export type DashboardPageResult = PersonalPageResult<DashboardPageData>;
type Opened = Extract<TimedPageResult, { kind: 'open' }>;

const DAYS = [1, 2, 3];

async function loadSchedule(db: Database, edition: Edition): Promise<IntegrationSchedule> {
  const { dashboard, links } = edition.settings;
  if (dashboard.integrationSchedule === 'static') {
    const week = edition.settings.integrationWeek;
    const entries = week ? scheduleDates(dashboard.staticSchedule, week.startDate) : dashboard.staticSchedule;
    return { kind: 'static', entries, communityUrl: links.communityUrl };
  }
  return { kind: 'sessions', sessions: await loadIntegrationSessions(db, edition, dashboard.integrationDays) };
}

/** The days of the accordion: title, host, episodes and whether they play for this visitor (marked: as the shell's fields). */
async function loadDays({ db, opened, audioHost, marked }: { db: Database; opened: Opened; audioHost: string; marked: boolean }) {
  const { edition } = opened;
  const episodes = await loadDayEpisodes(db, edition.id, audioHost);
  return Promise.all(
    DAYS.map(async (day): Promise<Omit<DashboardDay, 'hostCard'>> => ({
      day,
      info: await loadEditionDay(db, edition, day),
      host: await loadDayHost(db, edition, day),
      episodes: episodes.get(day) ?? [],
      listening: shownListening(opened.days.get(day), day, { marked, timeZone: edition.timezone }),
    })),
  );
}

/** The registrant's own values, for a page rendered whole for them (the reduced dashboard). */
async function ownValues(context: PageContext, opened: Opened): Promise<{ buyer: Buyer; subscribe: SubscribeOptions } | null> {
  const { registrant } = opened;
  if (!registrant) return null;
  const origin = linkOrigin();
  return {
    buyer: { reference: registrantReference(registrant.id), email: registrant.email },
    subscribe: await subscribeOptions(feedUrl(origin, registrant.key)),
  };
}

/** `audioHost`: AUDIO_EMBED_HOST, the only host external players may come from (the page passes its request's configuration). */
export async function loadDashboardPage(slug: string, context: PageContext, audioHost: string): Promise<DashboardPageResult> {
  const { db } = await getDatabase();
  const opened = await openTimedPage({ db, slug, page: 'dashboard', context });
  if (opened.kind !== 'open') return opened;
  const { edition, access, now, view } = opened;
  const reduced = view === 'reduced';
  const shell = reduced ? null : await personalize(context, opened, 'Dashboard');
  if (shell?.filled) return { kind: 'filled', response: shell.filled };
  const own = reduced ? await ownValues(context, opened) : (shell?.marked ?? null);
  const { dashboard, links, upgrade } = edition.settings;

  const [days, speakers, schedule, bonusBundle, brand] = await Promise.all([
    loadDays({ db, opened, audioHost, marked: !reduced }),
    loadSpeakers(db, edition),
    loadSchedule(db, edition),
    dashboard.showBonusBundle && !reduced ? loadBonusBundle(db, edition) : Promise.resolve(null),
    loadSiteBrand(),
  ]);
  const { texts } = edition.settings;
  const money = (amount: number) => formatMoney(amount, edition.settings.checkout.currency, texts.meta.lang);
  // The reduced page is the registrant's own (a Replay holder sees All Access for the difference);
  // the full one is a shell shared by the edition's visitors, keyed by the prices in force (timed-page.ts).
  const pricing = await pricingFor(db, edition, { now, registrant: reduced ? (opened.registrant ?? null) : null });
  // A registrant's shared shell writes an early price's deadline as a field, filled in their own zone.
  if (shell?.marked) pricing.deadlineText = (pass) => PRICE_DEADLINE_MARKERS[priceDeadlineFieldOf(pass)];

  return pageToRender(opened, shell?.personal ?? null, {
    summit: edition.slug,
    editionName: edition.name,
    summitDates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
    // Dashboards of `open` editions assume All Access Pass holders (docs/PRODUCT.md "Audience tiers and passes").
    tier: reduced ? (opened.registrant?.tier ?? 'free') : 'aap',
    view,
    access,
    now: now.getTime(),
    timeZone: edition.timezone,
    accessDays: edition.settings.accessDays,
    days: days.map((day) => ({ ...day, hostCard: hostCardTexts(texts, day.day, brand) })),
    speakers,
    schedule,
    integrationWeek: edition.settings.integrationWeek,
    bonusCards: dashboard.bonusCards,
    bonusBundle,
    schoolTrialDays: edition.settings.schoolTrialDays,
    tiers: tierOffers(upgrade, passCheckoutUrls(edition), pricing).map((tier) => ({
      ...tier,
      // The free tier lists what the edition says a free registrant receives.
      ...(tier.id === 'free' ? { benefits: texts.dashboard.freeBenefits } : {}),
      checkoutUrl: tier.checkoutUrl && checkoutUrlFor(tier.checkoutUrl, own?.buyer ?? null),
    })),
    templateUpsell: dashboard.templateUpsell
      ? {
          ...dashboard.templateUpsell,
          url: links.templateUrl,
          paymentUrl: links.paymentUrl,
          priceText: money(dashboard.templateUpsell.price),
          fullPriceText: money(dashboard.templateUpsell.fullPrice),
        }
      : null,
    workshop: dashboard.workshop ? { ...dashboard.workshop, url: links.workshopUrl, priceText: money(dashboard.workshop.price) } : null,
    links,
    supportEmail: dashboard.supportEmail,
    // Part of the shell's key too (registrantShellViewer), so a kept page never shows it to another.
    addressBounced: opened.registrant?.addressBounced ?? false,
    audioHost,
    subscribe: own?.subscribe ?? null,
    texts: { noBonuses: texts.dashboard.noBonuses, disclaimer: texts.disclaimer },
    meta: pageMeta(texts, brand),
  });
}

/**
 * The insights of an edition (decision 0038) as aggregate queries: registrations per day (in
 * the edition's time zone), sources, the share links' numbers, the funnel and the e-mails.
 * Listening is read only through listening-source.ts; the ranking and the funnel's shares are
 * rules of src/domain/insights.
 */
import { and, count, countDistinct, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { pageTypeFor, timedPages, type Edition } from '../../domain/edition.ts';
import { funnelSteps } from '../../domain/insights/funnel.ts';
import {
  MAX_CAMPAIGNS_SHOWN,
  type CampaignCount,
  type EditionInsights,
  type MailCounts,
  type OpenedPages,
  type PassSales,
  type SharedFeedRow,
} from '../../domain/insights/edition-insights.ts';
import { rankReferrers, type LeaderboardRow } from '../../domain/insights/leaderboard.ts';
import type { DayCount } from '../../domain/insights/registrations-chart.ts';
import { sumRevenue, type Revenue } from '../../domain/insights/revenue.ts';
import { passKinds } from '../../domain/passes.ts';
import { tierNamesOfEditionId } from '../payments/pass-names.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, purchases, registrantPageOpens, registrantVisits, registrants, registrationSources } from '../db/schema.ts';
import { ensureShareLinks, listShareLinks } from '../attribution/share-links.ts';
import { listenersPerShareLink, listeningPerEpisode, registrantsWhoListened } from './listening-source.ts';
import { sharedFeedFlags } from '../listening/shared-feeds.ts';
import { countRegistrants } from '../editions/edition-admin-queries.ts';

type EditionRef = Pick<Edition, 'id' | 'slug' | 'name' | 'timezone'>;

/** Passes bought (not granted by an admin, not a test payment: decision 0074) and not taken back: what counts as a pass and as revenue. */
const boughtPass = and(eq(purchases.source, 'provider'), eq(purchases.status, 'active'), eq(purchases.test, false));

export async function registrationsPerDay(db: Database, edition: EditionRef): Promise<DayCount[]> {
  const rows = await db
    .select({ day: sql<string>`to_char(${registrants.createdAt} at time zone ${edition.timezone}, 'YYYY-MM-DD')`, count: count() })
    .from(registrants)
    .where(eq(registrants.editionId, edition.id))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** A campaign is the three UTM fields a registration came with. */
const CAMPAIGN_COLUMNS = {
  source: registrationSources.utmSource,
  medium: registrationSources.utmMedium,
  campaign: registrationSources.utmCampaign,
};
const CAMPAIGN_FIELDS = Object.values(CAMPAIGN_COLUMNS);

/** Registrations per campaign (any UTM field set), busiest first, at most MAX_CAMPAIGNS_SHOWN. */
async function campaignCounts(db: Database, editionId: number): Promise<CampaignCount[]> {
  const rows = await db
    .select({ ...CAMPAIGN_COLUMNS, registrations: count() })
    .from(registrationSources)
    .innerJoin(registrants, eq(registrants.id, registrationSources.registrantId))
    .where(and(eq(registrants.editionId, editionId), or(...CAMPAIGN_FIELDS.map(isNotNull))))
    .groupBy(...CAMPAIGN_FIELDS)
    .orderBy(sql`count(*) desc`, registrationSources.utmSource)
    // Anyone can invent campaigns in a URL: the screen shows the busiest, whatever was sent.
    .limit(MAX_CAMPAIGNS_SHOWN);
  return rows.map((row) => ({ ...row, registrations: Number(row.registrations) }));
}

async function attributedCount(db: Database, editionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registrationSources)
    .innerJoin(registrants, eq(registrants.id, registrationSources.registrantId))
    .where(eq(registrants.editionId, editionId));
  return Number(row?.n ?? 0);
}

/** The share links of the edition's people and partners (and removed people's that brought someone) with what they brought, ranked (src/domain/insights/leaderboard.ts). */
export async function leaderboard(db: Database, edition: Pick<Edition, 'id' | 'slug'>): Promise<LeaderboardRow[]> {
  await ensureShareLinks(db, edition);
  const [links, registrationRows, purchaseRows, listeners] = await Promise.all([
    listShareLinks(db, edition.id),
    db
      .select({ linkId: registrationSources.shareLinkId, n: count() })
      .from(registrationSources)
      .innerJoin(registrants, eq(registrants.id, registrationSources.registrantId))
      .where(and(eq(registrants.editionId, edition.id), isNotNull(registrationSources.shareLinkId)))
      .groupBy(registrationSources.shareLinkId),
    db
      .select({
        linkId: registrationSources.shareLinkId,
        currency: sql<string>`coalesce(lower(${purchases.currency}), '')`,
        passes: count(),
        amount: sql<number>`coalesce(sum(${purchases.amount}), 0)::bigint`,
      })
      .from(purchases)
      .innerJoin(registrationSources, eq(registrationSources.registrantId, purchases.registrantId))
      .innerJoin(registrants, eq(registrants.id, purchases.registrantId))
      .where(and(eq(registrants.editionId, edition.id), isNotNull(registrationSources.shareLinkId), boughtPass))
      .groupBy(registrationSources.shareLinkId, sql`2`),
    listenersPerShareLink(db, edition.id),
  ]);
  const registrationsOf = new Map(registrationRows.map((row) => [row.linkId as number, Number(row.n)]));
  // A removed person's link stays on the board only while it has brought someone; a partner's is always on it.
  const shown = links.filter((link) => link.partner || link.speakerId !== null || link.hostId !== null || registrationsOf.has(link.id));
  return rankReferrers(
    shown.map((link) => {
      const bought = purchaseRows.filter((row) => row.linkId === link.id);
      const revenue: Revenue[] = bought.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
      return {
        linkId: link.id,
        code: link.code,
        name: link.name,
        registrations: registrationsOf.get(link.id) ?? 0,
        listeners: listeners.get(link.id) ?? 0,
        passes: bought.reduce((sum, row) => sum + Number(row.passes), 0),
        revenue: sumRevenue(revenue.filter((part) => part.amount > 0)),
      };
    }),
  );
}

async function openedADay(db: Database, edition: Pick<Edition, 'id' | 'slug'>): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(registrantVisits.registrantId) })
    .from(registrantVisits)
    .innerJoin(registrants, eq(registrants.id, registrantVisits.registrantId))
    .where(and(eq(registrants.editionId, edition.id), like(registrantVisits.pageType, `${edition.slug}_day%`)));
  return Number(row?.n ?? 0);
}

/**
 * Per timed page, the registrants who opened it at least once: a window started there (one visit
 * row per registrant and page), or an opening that starts none (a free or Replay registrant's own
 * reduced dashboard: registrant_page_opens, decision 0074), each registrant once.
 */
export async function openedPages(db: Database, edition: Pick<Edition, 'id' | 'slug'>): Promise<OpenedPages> {
  const pageTypes = timedPages.map((page) => pageTypeFor(edition.slug, page));
  const windows = db
    .select({ registrantId: registrantVisits.registrantId, pageType: registrantVisits.pageType })
    .from(registrantVisits)
    .innerJoin(registrants, eq(registrants.id, registrantVisits.registrantId))
    .where(and(eq(registrants.editionId, edition.id), inArray(registrantVisits.pageType, pageTypes)));
  const openings = db
    .select({ registrantId: registrantPageOpens.registrantId, pageType: registrantPageOpens.pageType })
    .from(registrantPageOpens)
    .innerJoin(registrants, eq(registrants.id, registrantPageOpens.registrantId))
    .where(and(eq(registrants.editionId, edition.id), inArray(registrantPageOpens.pageType, pageTypes)));
  // UNION, not UNION ALL: a registrant with both a window and an opening of a page counts once.
  const both = windows.union(openings).as('opened');
  const rows = await db.select({ pageType: both.pageType, n: count() }).from(both).groupBy(both.pageType);
  const of = (pageType: string) => Number(rows.find((row) => row.pageType === pageType)?.n ?? 0);
  return Object.fromEntries(timedPages.map((page) => [page, of(pageTypeFor(edition.slug, page))])) as OpenedPages;
}

/** Per pass kind, the passes bought and not taken back, and their revenue per currency. */
export async function passesSold(db: Database, editionId: number): Promise<PassSales[]> {
  const rows = await db
    .select({
      pass: purchases.pass,
      currency: sql<string>`coalesce(lower(${purchases.currency}), '')`,
      sold: count(),
      amount: sql<number>`coalesce(sum(${purchases.amount}), 0)::bigint`,
    })
    .from(purchases)
    .innerJoin(registrants, eq(registrants.id, purchases.registrantId))
    .where(and(eq(registrants.editionId, editionId), boughtPass))
    .groupBy(purchases.pass, sql`2`);
  return passKinds.map((pass) => {
    const mine = rows.filter((row) => row.pass === pass);
    const revenue = mine.map((row) => ({ currency: row.currency, amount: Number(row.amount) })).filter((part) => part.amount > 0);
    return { pass, sold: mine.reduce((sum, row) => sum + Number(row.sold), 0), revenue: sumRevenue(revenue) };
  });
}

async function boughtAPass(db: Database, editionId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(purchases.registrantId) })
    .from(purchases)
    .innerJoin(registrants, eq(registrants.id, purchases.registrantId))
    .where(and(eq(registrants.editionId, editionId), boughtPass));
  return Number(row?.n ?? 0);
}

/** The edition's outbox copies by status (its registrants' mail). */
export async function mailCounts(db: Database, editionId: number): Promise<MailCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .innerJoin(registrants, eq(registrants.id, mailOutbox.registrantId))
    .where(eq(registrants.editionId, editionId))
    .groupBy(mailOutbox.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { sent: of('sent'), failed: of('failed'), pending: of('pending'), skipped: of('skipped') };
}

/** The edition's shared-feed flags with who they are, for the host to open their screen and re-issue. */
async function sharedFeeds(db: Database, editionId: number): Promise<SharedFeedRow[]> {
  const flags = await sharedFeedFlags(db, editionId);
  if (!flags.length) return [];
  const people = await db
    .select({ id: registrants.id, firstName: registrants.firstName, email: registrants.email })
    .from(registrants)
    .where(eq(registrants.editionId, editionId));
  const byId = new Map(people.map((person) => [person.id, person]));
  return flags.flatMap((flag) => {
    const person = byId.get(flag.registrantId);
    return person
      ? [{ registrantId: flag.registrantId, firstName: person.firstName, email: person.email, networks: flag.networks, day: flag.day }]
      : [];
  });
}

export async function loadEditionInsights(db: Database, edition: EditionRef): Promise<EditionInsights> {
  const [perDay, registrations, attributed, campaigns, board, episodes, opened, listened, bought, mail, shared, pages, passes, names] =
    await Promise.all([
      registrationsPerDay(db, edition),
      countRegistrants(db, edition.id),
      attributedCount(db, edition.id),
      campaignCounts(db, edition.id),
      leaderboard(db, edition),
      listeningPerEpisode(db, edition.id),
      openedADay(db, edition),
      registrantsWhoListened(db, edition.id),
      boughtAPass(db, edition.id),
      mailCounts(db, edition.id),
      sharedFeeds(db, edition.id),
      openedPages(db, edition),
      passesSold(db, edition.id),
      tierNamesOfEditionId(db, edition.id),
    ]);
  return {
    edition: { slug: edition.slug, name: edition.name, timezone: edition.timezone },
    registrationsPerDay: perDay,
    registrations,
    direct: registrations - attributed,
    campaigns,
    leaderboard: board,
    episodes,
    funnel: funnelSteps({ registered: registrations, openedDay: opened, listened, bought }),
    openedPages: pages,
    passes,
    passNames: { replay: names.replay, aap: names.aap },
    mail,
    sharedFeeds: shared,
  };
}

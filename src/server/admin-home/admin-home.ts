/**
 * The admin's home (docs/PRODUCT.md "Admin"): the figures of the home page's edition, or of the
 * one `?edition=` names. Every number is read by the insights' own queries
 * (src/server/insights/insights-queries.ts, listening-source.ts), so the home and the insights
 * screen never disagree; which figures and where they link is src/domain/admin-home/dashboard.ts.
 */
import { deliverabilityByEdition } from '../mail/deliverability-figures.ts';
import { countFailingDeliveries } from '../webhooks/endpoints.ts';
import { tierNamesOf } from '../../domain/offers.ts';
import type { Edition } from '../../domain/edition.ts';
import { dashboardFigures, dayIn, registrationsOn, type AdminHomeState, type DashboardNumbers } from '../../domain/admin-home/dashboard.ts';
import { adminNavigation } from '../admin/admin-navigation.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { countRegistrants } from '../editions/edition-admin-queries.ts';
import { mailCounts, openedPages, passesSold, registrationsPerDay } from '../insights/insights-queries.ts';
import { registrantsWhoListened } from '../insights/listening-source.ts';
import { firstRunSteps, showsFirstRun } from '../../domain/admin-home/first-run.ts';
import { readFirstRunFacts } from './first-run-facts.ts';

type EditionRef = Pick<Edition, 'id' | 'slug' | 'name' | 'timezone' | 'settings'>;

export async function dashboardNumbers(db: Database, edition: EditionRef, now: Date): Promise<DashboardNumbers> {
  const [perDay, registrations, pages, listeners, passes, mail, failingDeliveries, delivered] = await Promise.all([
    registrationsPerDay(db, edition),
    countRegistrants(db, edition.id),
    openedPages(db, edition),
    registrantsWhoListened(db, edition.id),
    passesSold(db, edition.id),
    mailCounts(db, edition.id),
    countFailingDeliveries(db, edition.id),
    deliverabilityByEdition(db, edition.id),
  ]);
  const today = dayIn(now, edition.timezone);
  return {
    edition: { slug: edition.slug, name: edition.name, timezone: edition.timezone, passNames: tierNamesOf(edition.settings.upgrade) },
    today,
    registrationsToday: registrationsOn(perDay, today),
    registrations,
    openedDay1: pages.day1,
    listeners,
    passes,
    mail: { pending: mail.pending, failed: mail.failed },
    deliverability: delivered[0]?.figures ?? null,
    failingDeliveries,
  };
}

/** The home's state for `?edition=` (absent or empty: the home page's edition) at `now`. */
export async function loadAdminHome(
  db: Database,
  { requested, now, config }: { requested: string | null; now: Date; config: Parameters<typeof readFirstRunFacts>[1] },
): Promise<AdminHomeState> {
  const [editions, homeSlug, facts] = await Promise.all([adminNavigation(db), readHomeEditionSlug(db), readFirstRunFacts(db, config)]);
  const steps = firstRunSteps(facts);
  const base = { editions, homeSlug, firstRun: showsFirstRun(steps) ? steps : null };
  if (editions.length === 0 && !requested?.trim()) return { kind: 'no-editions', ...base };
  const slug = requested?.trim() || homeSlug;
  const edition = await readEdition(db, slug, { fresh: true });
  // Echoed in the message: a URL can hold any length, the message needs only the start.
  if (!edition) return { kind: 'unknown-edition', ...base, slug: slug.slice(0, 80) };
  const figures = dashboardFigures(await dashboardNumbers(db, edition, now));
  return { kind: 'figures', ...base, edition: { slug: edition.slug, name: edition.name }, figures };
}

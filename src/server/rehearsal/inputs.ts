/**
 * What a rehearsal reads of an edition (decision 0077), once, and only reads: the edition, its
 * timers, its messages as the sending code reads them, the brand e-mails wear, its episodes and
 * the endpoints its events would reach. Everything after this works on these values in memory,
 * so a rehearsal changes nothing and sends nothing. Property tests build the same values for
 * editions that exist nowhere (editionInputs).
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Edition, TimedPage, TimerConfig } from '../../domain/edition.ts';
import type { EventType } from '../../domain/events/catalogue.ts';
import type { ListSyncSettings } from '../../domain/list-sync/providers.ts';
import type { CheckoutUrls } from '../../domain/offers.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, episodes, timerConfigs, webhookEndpoints } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import {
  brandForMessage,
  editionFactsOf,
  emailBrandFrom,
  messageEdition,
  type EditionFacts,
  type MessageRow,
} from '../mail/compose-inputs.ts';
import type { EmailBrand } from '../mail/render-message.ts';
import { passCheckoutUrls } from '../payments/checkout-config.ts';

/** Where an event would go: a webhook receiver (the host's own tool) or an e-mail list at a provider. */
export interface RehearsalEndpoint {
  id: number;
  kind: string;
  url: string;
  events: EventType[];
  /** An e-mail list's rules; null for a webhook. */
  settings: ListSyncSettings | null;
}

export interface RehearsalEpisode {
  id: number;
  day: number;
  position: number;
  title: string;
}

export interface RehearsalInputs {
  edition: Edition;
  timers: Partial<Record<TimedPage, TimerConfig>>;
  /** Every message of the edition, switched off ones too (the report says they are off). */
  messages: MessageRow[];
  facts: EditionFacts;
  brand: EmailBrand;
  episodes: RehearsalEpisode[];
  endpoints: RehearsalEndpoint[];
  checkoutUrls: CheckoutUrls;
  siteUrl: string;
}

type StoredMessage = typeof editionMessages.$inferSelect;

/** The inputs for an edition held in memory: the same derivations the site makes from its rows. */
export function editionInputs({
  edition,
  timers,
  messages,
  brand,
  episodes: shows = [],
  endpoints = [],
}: {
  edition: Edition;
  timers: Partial<Record<TimedPage, TimerConfig>>;
  messages: StoredMessage[];
  brand: EmailBrand;
  episodes?: RehearsalEpisode[];
  endpoints?: RehearsalEndpoint[];
}): RehearsalInputs {
  const shared = messageEdition({
    editionSlug: edition.slug,
    editionTimezone: edition.timezone,
    editionAccessMode: edition.accessMode,
    summitStartDate: edition.summitStartDate,
    summitEndDate: edition.summitEndDate,
    settings: edition.settings,
  });
  return {
    edition,
    timers,
    messages: messages.map((message) => ({ ...message, ...shared })),
    facts: editionFactsOf({ slug: edition.slug, timezone: edition.timezone, timers, titleOf: () => null }, brand),
    brand: brandForMessage(brand, shared),
    episodes: shows,
    endpoints,
    checkoutUrls: passCheckoutUrls(edition),
    siteUrl: brand.siteUrl,
  };
}

/** The edition's inputs from the site's database (read only), or null when there is no edition with the slug. */
export async function loadRehearsalInputs(
  db: Database,
  { slug, siteUrl }: { slug: string; siteUrl: string },
): Promise<RehearsalInputs | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  const [timerRows, messages, shows, endpointRows, brand] = await Promise.all([
    db.select().from(timerConfigs).where(eq(timerConfigs.editionId, edition.id)),
    db.select().from(editionMessages).where(eq(editionMessages.editionId, edition.id)).orderBy(asc(editionMessages.position)),
    db
      .select({ id: episodes.id, day: episodes.day, position: episodes.position, title: episodes.title })
      .from(episodes)
      .where(eq(episodes.editionId, edition.id)),
    db
      .select()
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.status, 'active'), or(isNull(webhookEndpoints.editionId), eq(webhookEndpoints.editionId, edition.id))),
      ),
    emailBrandFrom(db, siteUrl),
  ]);
  const timers: Partial<Record<TimedPage, TimerConfig>> = {};
  for (const row of timerRows) timers[row.page] = row.config;
  const endpoints = endpointRows.map((row) => ({
    id: row.id,
    kind: row.kind,
    url: row.url,
    events: row.events,
    settings: row.settings ?? null,
  }));
  return editionInputs({ edition, timers, messages, brand, episodes: shows, endpoints });
}

/**
 * What the first-run checklist is decided from (src/domain/admin-home/first-run.ts), read from the
 * data and the configuration: nothing is ticked by hand.
 */
import { and, count, desc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { FirstRunFacts, OwnEditionFacts } from '../../domain/admin-home/first-run.ts';
import { passesAsTemplate } from '../../domain/edition-template.ts';
import type { Env } from '../env.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, editions, episodes, speakers } from '../db/schema.ts';
import { loadAppliedBrand } from '../brand/apply-brand.ts';
import { findHomeEdition } from '../editions/home-edition.ts';
import { settingsOfRow } from '../editions/stored-settings.ts';
import { DEMO_EDITION_SLUGS } from '../../content/demo-editions.ts';

type Configured = Pick<Env, 'PAYMENT_WEBHOOK_SECRET' | 'SMTP_URL'>;

export async function readFirstRunFacts(db: Database, config: Configured): Promise<FirstRunFacts> {
  const home = await findHomeEdition(db);
  const [brand, demoEditions, own] = await Promise.all([
    loadAppliedBrand(db),
    db
      .select({ slug: editions.slug, name: editions.name })
      .from(editions)
      .where(inArray(editions.slug, [...DEMO_EDITION_SLUGS]))
      .orderBy(editions.position, editions.id),
    ownEditionFacts(db, home),
  ]);
  return {
    brandChanged: brand !== null,
    ownEdition: own,
    paymentsConfigured: Boolean(config.PAYMENT_WEBHOOK_SECRET),
    mailServer: Boolean(config.SMTP_URL),
    homeIsOwn: home !== null && !DEMO_EDITION_SLUGS.includes(home.slug),
    demoEditions,
  };
}

/** The host's edition: the home page's when it is theirs, else the newest one not of the demo. */
async function ownEditionFacts(db: Database, home: { id: number } | null): Promise<OwnEditionFacts | null> {
  const [edition] = await db
    .select({
      id: editions.id,
      slug: editions.slug,
      name: editions.name,
      summitEndDate: editions.summitEndDate,
      settings: editions.settings,
    })
    .from(editions)
    .where(notInArray(editions.slug, [...DEMO_EDITION_SLUGS]))
    .orderBy(sql`${editions.id} = ${home?.id ?? 0} desc`, desc(editions.id))
    .limit(1);
  if (!edition) return null;
  const [[speakerCount], [episodeCount], [edited]] = await Promise.all([
    db.select({ n: count() }).from(speakers).where(eq(speakers.editionId, edition.id)),
    db.select({ n: count() }).from(episodes).where(eq(episodes.editionId, edition.id)),
    db
      .select({ n: count() })
      .from(editionMessages)
      .where(
        and(
          eq(editionMessages.editionId, edition.id),
          // Edited after it was made (a second apart: a default is inserted in one statement), or the host's own.
          or(gt(editionMessages.updatedAt, sql`${editionMessages.createdAt} + interval '1 second'`), eq(editionMessages.kind, 'custom')),
        ),
      ),
  ]);
  const settings = settingsOfRow(edition);
  return {
    slug: edition.slug,
    name: edition.name,
    passesChanged: !passesAsTemplate(settings.upgrade),
    speakers: Number(speakerCount?.n ?? 0),
    episodes: Number(episodeCount?.n ?? 0),
    messagesEdited: Number(edited?.n ?? 0) > 0,
  };
}

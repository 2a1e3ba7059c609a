/**
 * Seeds the demo content once per database. The claim on the `demo_content_seeded` marker and
 * every insert share one transaction: a second start, or a second process starting at the same
 * moment, adds nothing, and content an admin deletes later does not come back on restart.
 */
import { demoContent, type DemoEditionContent } from '../../content/index.ts';
import { editionDaySchema, editionInputSchema, timerConfigSchema } from '../../domain/edition.ts';
import { editionPeopleSchema, faqItemInputSchema, sponsorInputSchema } from '../../domain/entities.ts';
import { eq } from 'drizzle-orm';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import type { Database } from '../db/client.ts';
import { chooseHomeEditionIfNone } from '../editions/home-edition.ts';
import { insertEditionContent } from '../editions/edition-content.ts';
import { appMeta, editions } from '../db/schema.ts';
import { insertDemoEpisodes } from '../episodes/demo-episodes.ts';

export const DEMO_SEED_MARKER = 'demo_content_seeded';

/** Returns true when this call seeded the content, false when it had been seeded before. */
export async function seedDemoContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_MARKER, value: { seededAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    for (const demo of demoContent.editions) await insertDemoEdition(tx, demo);
    // docs/PRODUCT.md "Editions": the home page and the unprefixed pages are july's until the host chooses another.
    const [home] = await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, DEFAULT_SUMMIT));
    if (home) await chooseHomeEditionIfNone(tx, home.id);
    return true;
  });
}

/** Inserts one demo edition with its timers, days and people, each validated by its schema. */
export async function insertDemoEdition(tx: Database, demo: DemoEditionContent): Promise<void> {
  const [edition] = await tx.insert(editions).values(editionInputSchema.parse(demo.edition)).returning({ id: editions.id });
  if (!edition) throw new Error(`Could not insert edition ${demo.edition.slug}`);
  const days = demo.days.map((day) => editionDaySchema.parse(day));
  await insertEditionContent(tx, edition.id, {
    timers: Object.fromEntries(Object.entries(demo.timers).map(([page, config]) => [page, timerConfigSchema.parse(config)])),
    days,
    ...editionPeopleSchema.parse(demo),
    // Every demo edition has the demo's sponsors and questions (docs/PRODUCT.md "Sponsors", "FAQ").
    sponsors: demoContent.sponsors.map((sponsor) => sponsorInputSchema.parse(sponsor)),
    faqItems: demoContent.faqItems.map((item) => faqItemInputSchema.parse(item)),
  });
  await insertDemoEpisodes(tx, { id: edition.id, slug: demo.edition.slug });
}

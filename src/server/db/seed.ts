/**
 * Seeds the demo content once per database. The claim on the `demo_content_seeded` marker and
 * every insert share one transaction: a second start, or a second process starting at the same
 * moment, adds nothing, and content an admin deletes later does not come back on restart.
 */
import { demoContent, type DemoEditionContent } from '../../content/index.ts';
import { editionDaySchema, editionInputSchema, timerConfigSchema, type TimedPage } from '../../domain/edition.ts';
import {
  bonusBundleItemInputSchema,
  faqItemInputSchema,
  hostInputSchema,
  implementationSessionInputSchema,
  speakerInputSchema,
  sponsorInputSchema,
} from '../../domain/entities.ts';
import type { Database } from './client.ts';
import {
  appMeta,
  bonusBundleItems,
  editionDays,
  editions,
  faqItems,
  hosts,
  implementationSessions,
  speakers,
  sponsors,
  timerConfigs,
} from './schema.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

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

    for (const demo of demoContent.editions) await insertEditionContent(tx, demo);
    await tx.insert(sponsors).values(demoContent.sponsors.map((s, i) => ({ ...sponsorInputSchema.parse(s), position: i })));
    await tx.insert(faqItems).values(demoContent.faqItems.map((f, i) => ({ ...faqItemInputSchema.parse(f), position: i })));
    return true;
  });
}

/** Inserts one edition with its timers, days and people, validating each through its schema. */
export async function insertEditionContent(tx: Transaction, demo: DemoEditionContent): Promise<void> {
  const [edition] = await tx
    .insert(editions)
    .values(editionInputSchema.parse(demo.edition))
    .returning({ id: editions.id });
  if (!edition) throw new Error(`Could not insert edition ${demo.edition.slug}`);
  const editionId = edition.id;
  const withEdition = <T>(rows: T[]) => rows.map((row, index) => ({ ...row, editionId, position: index }));

  await tx.insert(timerConfigs).values(
    Object.entries(demo.timers).map(([page, config]) => ({
      editionId,
      page: page as TimedPage,
      config: timerConfigSchema.parse(config),
    })),
  );
  await tx.insert(editionDays).values(demo.days.map((day) => ({ ...editionDaySchema.parse(day), editionId })));
  await tx.insert(speakers).values(withEdition(demo.speakers.map((s) => speakerInputSchema.parse(s))));
  await tx.insert(hosts).values(withEdition(demo.hosts.map((h) => hostInputSchema.parse(h))));
  if (demo.implementationSessions.length > 0) {
    await tx
      .insert(implementationSessions)
      .values(withEdition(demo.implementationSessions.map((s) => implementationSessionInputSchema.parse(s))));
  }
  if (demo.bonusBundle.length > 0) {
    await tx.insert(bonusBundleItems).values(withEdition(demo.bonusBundle.map((b) => bonusBundleItemInputSchema.parse(b))));
  }
}

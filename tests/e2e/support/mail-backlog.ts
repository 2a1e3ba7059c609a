/**
 * A database with the demo content and `count` july registrants whose "day 1 is open" falls due
 * at once (the only message switched on): the backlog the crash tests and bench/mail.ts send.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { openDatabase, type DbOptions } from '../../../src/server/db/client.ts';
import { editionMessages, editions, registrants } from '../../../src/server/db/schema.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';
import { DEMO_TEXTS } from '../../../src/domain/edition-texts/demo-texts.ts';
import { marketingConsentWording } from '../../../src/domain/registration.ts';

/**
 * `dataDir`: the DATA_DIR the app processes will run with. Seeding stores the demo episodes' audio
 * under it, as their first start would (this helper is an entry of its own: docs/decisions/0023).
 */
export async function prepareMailBacklog(options: DbOptions, count: number, dataDir: string): Promise<void> {
  configureUploads(dataDir);
  const handle = await openDatabase(options);
  try {
    await handle.migrate();
    await seedDemoContent(handle.db);
    await ensureDefaultMessages(handle.db);
    const [july] = await handle.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    await handle.db.update(editionMessages).set({ enabled: false }).where(ne(editionMessages.key, 'day-1-open'));
    await handle.db
      .update(editionMessages)
      .set({ enabled: false })
      .where(and(eq(editionMessages.key, 'day-1-open'), ne(editionMessages.editionId, july!.id)));
    for (let i = 0; i < count; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
        editionId: july!.id,
        firstName: `Reader ${i + j}`,
        email: `reader${i + j}@example.com`,
        // The database's clock, as a registration would have it: due now for the app too.
        createdAt: sql`now()` as unknown as Date,
        // "Day 1 is open" is a marketing message (decision 0034): these readers ticked the box.
        consentedAt: sql`now()` as unknown as Date,
        consentWording: marketingConsentWording(DEMO_TEXTS.consentTopics),
      }));
      await handle.db.insert(registrants).values(rows);
    }
  } finally {
    await handle.close();
  }
}

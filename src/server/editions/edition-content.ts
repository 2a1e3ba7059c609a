/**
 * Writing an edition's content (timers, days, people, sponsors and FAQ, and a new edition's default e-mails) as
 * a whole: used by the first-start seed, by the whole-edition import and by duplicating an
 * edition. Rows must be validated already; their order in each list becomes their display
 * position.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { timedPages, type EditionDay, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import type { EditionPeople, faqItemInputSchema, sponsorInputSchema } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { bonusBundleItems, editionDays, faqItems, hosts, implementationSessions, speakers, sponsors, timerConfigs } from '../db/schema.ts';
import { ensureDefaultMessages } from './edition-messages.ts';

export interface EditionContent extends EditionPeople {
  timers: Partial<Record<TimedPage, TimerConfig>>;
  days: EditionDay[];
  /** The edition's sponsors and FAQ; absent (an older export): the edition keeps its own. */
  sponsors?: z.output<typeof sponsorInputSchema>[];
  faqItems?: z.output<typeof faqItemInputSchema>[];
}

/** Replaces the edition's sponsors and FAQ with the content's, when it has them. */
async function replaceLandingLists(db: Database, editionId: number, content: EditionContent): Promise<void> {
  const withEdition = <T>(rows: T[]) => rows.map((row, position) => ({ ...row, editionId, position }));
  if (content.sponsors) {
    await db.delete(sponsors).where(eq(sponsors.editionId, editionId));
    if (content.sponsors.length) await db.insert(sponsors).values(withEdition(content.sponsors));
  }
  if (content.faqItems) {
    await db.delete(faqItems).where(eq(faqItems.editionId, editionId));
    if (content.faqItems.length) await db.insert(faqItems).values(withEdition(content.faqItems));
  }
}

export async function insertEditionContent(db: Database, editionId: number, content: EditionContent): Promise<void> {
  const withEdition = <T>(rows: T[]) => rows.map((row, position) => ({ ...row, editionId, position }));
  const timerRows = timedPages.flatMap((page) => (content.timers[page] ? [{ editionId, page, config: content.timers[page] }] : []));
  if (timerRows.length) await db.insert(timerConfigs).values(timerRows);
  if (content.days.length) await db.insert(editionDays).values(content.days.map((day) => ({ ...day, editionId })));
  if (content.speakers.length) await db.insert(speakers).values(withEdition(content.speakers));
  if (content.hosts.length) await db.insert(hosts).values(withEdition(content.hosts));
  if (content.implementationSessions.length) await db.insert(implementationSessions).values(withEdition(content.implementationSessions));
  if (content.bonusBundle.length) await db.insert(bonusBundleItems).values(withEdition(content.bonusBundle));
  await replaceLandingLists(db, editionId, content);
  // A new edition (seeded, duplicated, imported) starts with the default e-mail sequence at once,
  // chosen by its timers just written; an edition that already has messages keeps them.
  await ensureDefaultMessages(db);
}

/** Removes an edition's timers, days and people (not the edition row, its registrants or sessions). */
export async function deleteEditionContent(db: Database, editionId: number): Promise<void> {
  await db.delete(timerConfigs).where(eq(timerConfigs.editionId, editionId));
  await db.delete(editionDays).where(eq(editionDays.editionId, editionId));
  await db.delete(speakers).where(eq(speakers.editionId, editionId));
  await db.delete(hosts).where(eq(hosts.editionId, editionId));
  await db.delete(implementationSessions).where(eq(implementationSessions.editionId, editionId));
  await db.delete(bonusBundleItems).where(eq(bonusBundleItems.editionId, editionId));
}

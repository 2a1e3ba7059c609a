/**
 * The deliverability figures read from the outbox (docs/decisions/0089): each copy's status, what
 * the receiving side said of it (`feedback`: a bounce at the SMTP conversation or in a provider's
 * notification, a complaint), and whether it was skipped for a suppressed address. One grouped
 * query per screen, by message or by edition; the rules are src/domain/mail/deliverability.ts.
 */
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { deliverabilityOf, NO_DELIVERIES, type Deliverability, type DeliveryCounts } from '../../domain/mail/deliverability.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, editions, mailOutbox } from '../db/schema.ts';

/** A group's counts, and how many of its hard bounces were refused before being accepted. */
export interface DeliveryTally {
  counts: DeliveryCounts;
  refusedAtSmtp: number;
}

const emptyTally = (): DeliveryTally => ({ counts: { ...NO_DELIVERIES }, refusedAtSmtp: 0 });

/** A suppression's skip reason (domain/suppression suppressedSkipReason) starts so. */
const skippedSuppressed = sql<boolean>`(${mailOutbox.status} = 'skipped' and ${mailOutbox.lastError} like 'Suppressed:%')`;

interface GroupRow {
  key: number | null;
  status: string;
  feedback: string | null;
  suppressed: boolean;
  total: number;
}

function addRow(tally: DeliveryTally, row: GroupRow): void {
  const { counts } = tally;
  if (row.status === 'sent') counts.accepted += row.total;
  if (row.feedback === 'hard-bounce') {
    counts.hardBounced += row.total;
    if (row.status !== 'sent') tally.refusedAtSmtp += row.total;
  }
  if (row.feedback === 'soft-bounce') counts.softBounced += row.total;
  if (row.feedback === 'complaint') counts.complained += row.total;
  if (row.suppressed) counts.suppressed += row.total;
}

async function grouped(db: Database, key: typeof mailOutbox.editionMessageId | typeof editionMessages.editionId, where: SQL | undefined) {
  return (await db
    .select({ key, status: mailOutbox.status, feedback: mailOutbox.feedback, suppressed: skippedSuppressed, total: count() })
    .from(mailOutbox)
    .innerJoin(editionMessages, eq(editionMessages.id, mailOutbox.editionMessageId))
    .where(where)
    .groupBy(key, mailOutbox.status, mailOutbox.feedback, skippedSuppressed)) as GroupRow[];
}

/** The tallies of these messages' copies, by message id. */
export async function deliveryByMessage(db: Database, messageIds: number[]): Promise<Map<number, DeliveryTally>> {
  const tallies = new Map(messageIds.map((id) => [id, emptyTally()]));
  if (!messageIds.length) return tallies;
  for (const row of await grouped(db, mailOutbox.editionMessageId, inArray(mailOutbox.editionMessageId, messageIds)))
    if (row.key !== null) addRow(tallies.get(row.key) ?? emptyTally(), row);
  return tallies;
}

export interface EditionDeliverability {
  slug: string;
  name: string;
  figures: Deliverability;
}

/** Every edition that has sent or skipped mail, with its figures, in the editions' order. */
export async function deliverabilityByEdition(db: Database, editionId?: number): Promise<EditionDeliverability[]> {
  const rows = await grouped(db, editionMessages.editionId, editionId === undefined ? undefined : eq(editionMessages.editionId, editionId));
  const tallies = new Map<number, DeliveryTally>();
  for (const row of rows) {
    if (row.key === null) continue;
    const tally = tallies.get(row.key) ?? emptyTally();
    tallies.set(row.key, tally);
    addRow(tally, row);
  }
  if (!tallies.size) return [];
  const named = await db
    .select({ id: editions.id, slug: editions.slug, name: editions.name })
    .from(editions)
    .where(inArray(editions.id, [...tallies.keys()]))
    .orderBy(editions.id);
  return named.map(({ id, slug, name }) => {
    const tally = tallies.get(id)!;
    return { slug, name, figures: deliverabilityOf(tally.counts, tally.refusedAtSmtp) };
  });
}

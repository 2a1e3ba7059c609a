/**
 * Sending at the provider's pace (MAIL_RATE_PER_SECOND, docs/decisions/0086): two workers on one
 * database, each running both lanes of the mail at once, together send at most the rate in any
 * second, the confirmations first and then the oldest due; a round with nothing due holds no
 * one's share.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import { mailOutbox } from '../../../src/server/db/schema.ts';
import { mailKind, transactionalMailKind } from '../../../src/server/mail/mail-kind.ts';
import type { MailTransport, OutgoingMail } from '../../../src/server/mail/transport.ts';
import { BULK, TRANSACTIONAL } from '../../../src/server/outbound/lanes.ts';
import { runBatch } from '../../../src/server/outbound/run-batch.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const RATE = 7;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describeEachDatabase('sending at the provider’s pace', (database) => {
  const ctx = useTestDatabase(database);
  /** The second worker's connection: its own pool on Postgres; PGlite has one connection. */
  let other: { db: Database; close(): Promise<void> };
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: 'file',
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(mail);
    },
  };
  const sending = { transport, from: 'hello@example.com', siteUrl: 'http://localhost', ratePerSecond: RATE };
  const kinds = [transactionalMailKind(sending), mailKind({ ...sending, schedule: false })];
  beforeAll(async () => {
    const url = ctx.handle.url;
    other = url ? await openDatabase({ driver: 'postgres', url, poolSize: 4 }) : { db: ctx.db, close: () => Promise.resolve() };
  });
  afterAll(async () => other.close());
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.execute(sql`update mail_send_pace set second = 0, used = 0`);
    sent.length = 0;
  });
  const queue = (count: number, priority: number, due: Date, name: string) =>
    ctx.db.insert(mailOutbox).values(
      Array.from({ length: count }, (_, i) => ({
        to: `${name}-${i}@example.com`,
        subject: name,
        text: 'Hello',
        html: '<p>Hello</p>',
        priority,
        nextAttemptAt: due,
      })),
    );
  /** One round of both workers, each running both lanes at once, at this instant. */
  const round = async (now: Date) => {
    const batches = await Promise.all([ctx.db, other.db].flatMap((db) => kinds.map((kind) => runBatch(db, kind, now))));
    return batches.reduce((sum, batch) => sum + batch.claimed, 0);
  };

  it('sends at most the rate per second across workers, confirmations first, then the oldest due', async () => {
    await queue(30, BULK, at(-60_000), 'bulk');
    await queue(3, TRANSACTIONAL, at(-1_000), 'confirmation');
    // Two rounds within one second: together no more than the rate.
    expect((await round(at(100))) + (await round(at(900)))).toBe(RATE);
    // Workers send side by side, so the second's e-mails are compared as a set: every confirmation, then the oldest bulk.
    const firstSecond = sent.map((mail) => mail.to).sort();
    const confirmations = ['confirmation-0', 'confirmation-1', 'confirmation-2'];
    expect(firstSecond).toEqual(['bulk-0', 'bulk-1', 'bulk-2', 'bulk-3', ...confirmations].map((name) => `${name}@example.com`));
    // The next seconds: the rate again, each.
    expect(await round(at(1_000))).toBe(RATE);
    expect(await round(at(2_500))).toBe(RATE);
    expect(sent).toHaveLength(3 * RATE);
  });

  it('counts only what was claimed, so a round with nothing due holds nothing back', async () => {
    // Nothing due: the rounds take nothing for good.
    expect(await round(at(100))).toBe(0);
    await queue(RATE + 3, BULK, at(-1_000), 'late');
    expect(await round(at(200))).toBe(RATE);
    const result = (await ctx.db.execute(sql`select used from mail_send_pace`)) as unknown as { rows: { used: number }[] };
    expect(result.rows.map((row) => Number(row.used))).toEqual([RATE]);
  });
});

/**
 * The outbound queue itself (docs/decisions/0072), for every kind the worker runs (e-mail, webhook
 * deliveries, e-mail list calls): each job is claimed by one worker however many run at once, a
 * failure waits the one backoff (capped by its kind), and a job whose lease ran out (its worker
 * died) is claimed by another, the late worker's settling then changing nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eventExamples, eventPayload } from '../../../src/domain/events/catalogue.ts';
import { WEBHOOK_RETRY_CAP_SECONDS } from '../../../src/domain/events/retry.ts';
import { retryDelaySeconds } from '../../../src/domain/retry-backoff.ts';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import { mailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../src/server/db/schema.ts';
import { listSyncKind } from '../../../src/server/list-sync/list-sync-kind.ts';
import { MAIL_RETRY_CAP_SECONDS, mailKind } from '../../../src/server/mail/mail-kind.ts';
import { queueMail } from '../../../src/server/mail/outbox.ts';
import type { MailTransport, OutgoingMail } from '../../../src/server/mail/transport.ts';
import type { OutboundKind } from '../../../src/server/outbound/kind.ts';
import { claimDue, LEASE_SECONDS, settleRetry, type JobTable, type QueuedJob } from '../../../src/server/outbound/queue.ts';
import { runBatch } from '../../../src/server/outbound/run-batch.ts';
import { webhookKind } from '../../../src/server/webhooks/deliver.ts';
import { newSecret } from '../../../src/server/webhooks/signing.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { status, useReceiver } from '../webhooks/receiver.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

function recordingTransport(fail = false): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'file',
    sent,
    async send(mail) {
      if (fail) throw new Error('connection refused');
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(mail);
    },
  };
}

describeEachDatabase('the outbound queue', (database) => {
  const ctx = useTestDatabase(database);
  const receiver = useReceiver();
  /** A second worker's connection: its own pool on Postgres; PGlite has one connection. */
  let other: { db: Database; close(): Promise<void> };
  beforeAll(async () => {
    const url = ctx.handle.url;
    other = url ? await openDatabase({ driver: 'postgres', url, poolSize: 4 }) : { db: ctx.db, close: () => Promise.resolve() };
  });
  afterAll(async () => {
    await other.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(webhookEvents);
    await ctx.db.delete(webhookEndpoints);
    receiver.reset();
  });

  const mailJobs = async (count: number) => {
    for (let i = 0; i < count; i++)
      await queueMail(ctx.db, { to: `m${i}@example.com`, subject: `s${i}`, text: 't', html: '<p>t</p>' }, NOW);
  };
  /** `count` deliveries (one event each) to a new endpoint: a webhook receiver at `path`, or a Kit connection with no rule (nothing to call: settled as skipped). */
  const deliveryJobs = async (count: number, endpoint: { path: string } | 'list') => {
    const [made] = await ctx.db
      .insert(webhookEndpoints)
      .values(
        endpoint === 'list'
          ? { kind: 'kit', url: '', secret: 'kit-key', events: ['registration.created'], settings: { rules: [] } }
          : { url: receiver.url(endpoint.path), secret: newSecret(), events: ['registration.created'] },
      )
      .returning({ id: webhookEndpoints.id });
    for (let i = 0; i < count; i++) {
      const payload = JSON.stringify(eventPayload('registration.created', eventExamples['registration.created'], NOW));
      const [event] = await ctx.db
        .insert(webhookEvents)
        .values({ type: 'registration.created', editionId: null, payload, createdAt: NOW })
        .returning({ id: webhookEvents.id });
      await ctx.db.insert(webhookDeliveries).values({ eventId: event!.id, endpointId: made!.id, nextAttemptAt: NOW, createdAt: NOW });
    }
    return made!.id;
  };
  const deliveriesOf = (endpointId: number) => ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  /** Each row as "status attempts". */
  const settled = (rows: { status: string; attempts: number }[]) => rows.map((row) => `${row.status} ${row.attempts}`);

  it('claims each job of every kind once when two workers run at once', async () => {
    const transport = recordingTransport();
    // Small batches, so the two workers take turns over many claims.
    const kinds: OutboundKind[] = [
      { ...mailKind({ transport, from: 'from@example.com', siteUrl: 'http://localhost', schedule: false }), batch: 4 },
      { ...webhookKind(true), batch: 4 },
      { ...listSyncKind(false), batch: 4 },
    ];
    await mailJobs(20);
    const hooks = await deliveryJobs(20, { path: '/hook' });
    const list = await deliveryJobs(20, 'list');
    const work = async (db: Database) => {
      const claims: number[] = [];
      for (;;) {
        const claimed = (await Promise.all(kinds.map((kind) => runBatch(db, kind, NOW)))).map((batch) => batch.claimed);
        claims.push(...claimed);
        if (claimed.every((n) => n === 0)) return claims;
      }
    };
    const [first, second] = await Promise.all([work(ctx.db), work(other.db)]);
    expect([...first!, ...second!].reduce((sum, n) => sum + n, 0)).toBe(60);

    expect(transport.sent).toHaveLength(20);
    expect(new Set(transport.sent.map((mail) => mail.to)).size).toBe(20);
    expect(settled(await ctx.db.select().from(mailOutbox))).toEqual(Array(20).fill('sent 1'));

    expect(receiver.state.received).toHaveLength(20);
    expect(new Set(receiver.state.received.map((got) => got.id)).size).toBe(20);
    expect(settled(await deliveriesOf(hooks))).toEqual(Array(20).fill('delivered 1'));

    const listLog = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, list));
    expect(listLog).toHaveLength(20);
    expect(listLog.every((line) => line.skipped)).toBe(true);
    expect(settled(await deliveriesOf(list))).toEqual(Array(20).fill('delivered 1'));
  });

  it('backs a failure off with the one backoff, capped by its kind', async () => {
    expect([1, 2, 3, 8, 20].map((attempts) => retryDelaySeconds(attempts, MAIL_RETRY_CAP_SECONDS))).toEqual([30, 60, 120, 3600, 3600]);
    expect([1, 2, 11, 12, 20].map((attempts) => retryDelaySeconds(attempts, WEBHOOK_RETRY_CAP_SECONDS))).toEqual([
      30, 60, 30_720, 43_200, 43_200,
    ]);

    const failing = mailKind({ transport: recordingTransport(true), from: 'f@example.com', siteUrl: 'http://localhost', schedule: false });
    await mailJobs(1);
    expect(await runBatch(ctx.db, failing, NOW)).toEqual({ claimed: 1, counts: { sent: 0, skipped: 0 } });
    let [mail] = await ctx.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused', nextAttemptAt: at(30) });
    // The eighth failure is the mail's last: it is given up, at the cap.
    await ctx.db.update(mailOutbox).set({ attempts: 7, nextAttemptAt: NOW });
    await runBatch(ctx.db, failing, NOW);
    [mail] = await ctx.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: at(MAIL_RETRY_CAP_SECONDS) });

    const hooks = await deliveryJobs(1, { path: '/down' });
    receiver.answer('/down', status(500), status(500));
    expect(await runBatch(ctx.db, webhookKind(true), NOW)).toEqual({ claimed: 1, counts: { delivered: 0 } });
    let [delivery] = await deliveriesOf(hooks);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(30) });
    await ctx.db.update(webhookDeliveries).set({ attempts: 12, nextAttemptAt: NOW });
    await runBatch(ctx.db, webhookKind(true), NOW);
    [delivery] = await deliveriesOf(hooks);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 13, nextAttemptAt: at(WEBHOOK_RETRY_CAP_SECONDS) });
  });

  it('lets another worker claim a job whose lease ran out, and the late worker then changes nothing', async () => {
    const transport = recordingTransport();
    const mailRow = (id: number) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    const deliveryRow = (id: number) => ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    const cases: {
      kind: OutboundKind;
      table: JobTable;
      row: (id: number) => Promise<{ status: string; attempts: number }[]>;
      done: string;
    }[] = [
      {
        kind: mailKind({ transport, from: 'from@example.com', siteUrl: 'http://localhost', schedule: false }),
        table: mailOutbox,
        row: mailRow,
        done: 'sent 2',
      },
      { kind: webhookKind(true), table: webhookDeliveries, row: deliveryRow, done: 'delivered 2' },
      { kind: listSyncKind(false), table: webhookDeliveries, row: deliveryRow, done: 'delivered 2' },
    ];
    await mailJobs(1);
    const hooks = await deliveryJobs(1, { path: '/hook' });
    const list = await deliveryJobs(1, 'list');
    for (const { kind, table, row, done } of cases) {
      // The first worker claims the job and dies before it settles it.
      const [held] = await claimDue<QueuedJob>(ctx.db, kind.rows, { now: NOW, limit: 10 });
      expect(held, kind.name).toMatchObject({ attempts: 1 });
      // Within the lease nobody else may take it; once it has run out, the second worker does.
      expect((await runBatch(other.db, kind, at(LEASE_SECONDS - 1))).claimed, kind.name).toBe(0);
      expect((await runBatch(other.db, kind, at(LEASE_SECONDS + 1))).claimed, kind.name).toBe(1);
      // The first worker comes back and reports a failure: the job is the second's, and stays settled.
      await settleRetry(ctx.db, { table, job: held! }, { now: at(LEASE_SECONDS + 2), capSeconds: 3600, giveUp: true });
      expect(settled(await row(held!.id)), kind.name).toEqual([done]);
    }
    expect(transport.sent).toHaveLength(1);
    expect(receiver.state.received).toHaveLength(1);
    expect(settled([...(await deliveriesOf(hooks)), ...(await deliveriesOf(list))])).toEqual(['delivered 2', 'delivered 2']);
  });
});

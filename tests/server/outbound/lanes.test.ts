/**
 * The lanes of the outbound queue (docs/decisions/0075), with the worker the server runs, a real
 * SMTP server on loopback, and local servers that accept a connection and never answer: a
 * confirmation leaves within 5 s of registering whether thousands of bulk e-mails are due or
 * receivers and a list provider hang, and a hanging receiver never holds back a healthy one.
 */
import { eq, and, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { mailOutbox, registrants, webhookEndpoints, webhookEvents } from '../../../src/server/db/schema.ts';
import { saveConnection } from '../../../src/server/list-sync/connections.ts';
import { configureListSync } from '../../../src/server/list-sync/list-sync-config.ts';
import { listSyncKind } from '../../../src/server/list-sync/list-sync-kind.ts';
import { stableMessageId } from '../../../src/server/mail/compose.ts';
import { mailKind, transactionalMailKind } from '../../../src/server/mail/mail-kind.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { BULK } from '../../../src/server/outbound/lanes.ts';
import { claimDue } from '../../../src/server/outbound/queue.ts';
import { startOutboundWorker } from '../../../src/server/outbound/worker.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { webhookKind } from '../../../src/server/webhooks/deliver.ts';
import { newSecret } from '../../../src/server/webhooks/signing.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startHangingServer, type HangingServer } from '../../support/hanging-server.ts';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink.ts';
import { useReceiver } from '../webhooks/receiver.ts';

const SITE = 'https://lanes.example.com';
const FROM = 'Summit <hello@lanes.example.com>';
const KIT_KEY = 'kit_live_0123456789abcdef';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('outbound lanes', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const receiver = useReceiver();
  let sink: SmtpSink;
  let worker: { stop(): Promise<void> } | null = null;
  let hanging: HangingServer[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink({ parse: false });
  });
  afterAll(async () => {
    await sink?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(webhookEvents);
    await ctx.db.delete(webhookEndpoints);
    receiver.reset();
  });
  afterEach(async () => {
    // The hanging servers let go first, so the requests they hold end and the worker can stop.
    await Promise.all(hanging.map((server) => server.close()));
    hanging = [];
    await worker?.stop();
    worker = null;
  });

  const start = () => {
    const sending = { transport: smtpTransport(sink.url), from: FROM, siteUrl: SITE };
    worker = startOutboundWorker(
      ctx.db,
      [transactionalMailKind(sending), mailKind({ ...sending, schedule: false }), webhookKind(true), listSyncKind(true)],
      200,
    );
  };
  const register = async (email: string, sendEmail = true) => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent: true },
      sendEmail,
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  /** Registers, then waits for the confirmation at the SMTP server; how long that took. */
  const confirmationDelay = async (email: string): Promise<number> => {
    const started = Date.now();
    const registrantId = await register(email);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.registrantId, registrantId));
    const id = stableMessageId(row!, SITE);
    await until(() => sink.messageIds.includes(id));
    return Date.now() - started;
  };
  const pendingBulk = async () => {
    const [row] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.priority, BULK)));
    return row!.count;
  };

  it('claims what an event sent before any bulk copy, even one due long before', async () => {
    const now = new Date();
    await ctx.db.execute(sql`insert into mail_outbox ("to", subject, text, html, next_attempt_at)
      select 'bulk' || g || '@example.com', 'Day 1', 't', '<p>t</p>', ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz
      from generate_series(1, 30) g`);
    const registrantId = await register('first@example.com');
    const claimed = await claimDue<{ id: number; attempts: number; registrantId: number | null }>(
      ctx.db,
      mailKind({ ...sendingStub(), schedule: false }).rows,
      { now: new Date(), limit: 2 },
    );
    // One claim of two among thirty older bulk rows: the confirmation is one of them.
    expect(claimed.map((row) => row.registrantId).sort()).toEqual([registrantId, null]);
  });

  it('sends a confirmation within 5 s while 5,000 bulk e-mails are due', async () => {
    await ctx.db.execute(sql`insert into mail_outbox ("to", subject, text, html, next_attempt_at)
      select 'bulk' || g || '@example.com', 'Day 1 is open', 'Listen now', '<p>Listen now</p>', ${new Date(Date.now() - 60_000).toISOString()}::timestamptz
      from generate_series(1, 5000) g`);
    start();
    await until(() => sink.messageIds.length > 20);
    const delay = await confirmationDelay('waiting@example.com');
    expect(delay).toBeLessThan(5000);
    // It went ahead of the queue: most of the bulk is still waiting.
    expect(await pendingBulk()).toBeGreaterThan(1000);
  }, 60_000);

  it('two hanging receivers and a hanging list provider hold back neither a confirmation nor a healthy receiver', async () => {
    hanging = [await startHangingServer(), await startHangingServer(), await startHangingServer()];
    const [first, second, provider] = hanging as [HangingServer, HangingServer, HangingServer];
    configureListSync({ kit: `${provider.url}/v4`, mailchimp: 'http://127.0.0.1:9/3.0', activecampaign: 'http://127.0.0.1:9/api/3' });
    for (const url of [`${first.url}/hook`, `${second.url}/hook`, receiver.url('/healthy')])
      await ctx.db.insert(webhookEndpoints).values({ url, secret: newSecret(), events: ['registration.created'] });
    const saved = await saveConnection(
      ctx.db,
      {
        id: null,
        provider: 'kit',
        apiKey: KIT_KEY,
        accountUrl: '',
        editionId: '',
        ruleValues: (name) => (name === 'rule.registered.tag' ? '11' : ''),
      },
      { allowPrivate: true },
    );
    expect(saved.ok).toBe(true);
    // A backlog for every endpoint: more than each may hold in flight.
    for (let i = 0; i < 40; i++) await register(`backlog${i}@example.com`, false);
    start();
    await until(() => first.requests() >= 16 && second.requests() >= 16 && provider.requests() >= 1);
    await until(() => receiver.state.received.filter((got) => got.path === '/healthy').length === 40);

    const healthyBefore = receiver.state.received.length;
    const delay = await confirmationDelay('after-the-hang@example.com');
    expect(delay).toBeLessThan(5000);
    const started = Date.now();
    await until(() => receiver.state.received.length > healthyBefore, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(receiver.state.received.at(-1)?.body.data).toMatchObject({ email: 'after-the-hang@example.com' });
    // The hanging ones hold no more than their own slots.
    expect(first.requests()).toBeLessThanOrEqual(16);
    expect(second.requests()).toBeLessThanOrEqual(16);
  }, 60_000);
});

function sendingStub() {
  return { transport: { kind: 'file' as const, send: () => Promise.resolve() }, from: FROM, siteUrl: SITE };
}

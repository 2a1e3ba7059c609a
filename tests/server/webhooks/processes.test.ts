import { startFresh } from './support/fresh-state.ts';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, expect, it } from 'vitest';
import { webhookDeliveries } from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { createEndpoint } from '../../../src/server/webhooks/endpoints.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { eq } from 'drizzle-orm';
import { deliverDueWebhooks } from '../../../src/server/webhooks/deliver.ts';
import { useReceiver } from './receiver.ts';

const run = promisify(execFile);
const LOOP = path.resolve('tests/server/webhooks/support/deliver-loop.ts');

// Two worker processes on one Postgres (the embedded database serves one process): each event
// reaches each endpoint once, and the two share the work.
describeEachDatabase('webhooks from two processes', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const receiver = useReceiver();
  beforeEach(async () => {
    await startFresh(ctx.db, receiver);
  });

  it.skipIf(database.name === 'pglite')('delivers each event once to each endpoint', { timeout: 60_000 }, async () => {
    for (const hook of ['/one', '/two']) {
      const made = await createEndpoint(
        ctx.db,
        { url: receiver.url(hook), events: ['registration.created'], editionId: '' },
        { allowPrivate: true },
      );
      if (!made.ok) throw new Error('refused');
      receiver.state.secrets.push(made.secret);
    }
    for (let i = 0; i < 150; i++) {
      await registerAttendee({
        db: ctx.db,
        editionSlug: 'august',
        input: { firstName: 'Two', email: `two${i}@example.com`, consent: false },
      });
    }
    const [a, b] = await Promise.all([run(process.execPath, [LOOP, ctx.handle.url!]), run(process.execPath, [LOOP, ctx.handle.url!])]);
    expect(Number(a.stdout) + Number(b.stdout)).toBe(300);
    const seen = receiver.state.received.map((r) => `${r.path} ${r.id}`);
    expect(seen.length).toBe(300);
    expect(new Set(seen).size).toBe(300);
    expect(receiver.state.received.every((r) => r.verified.includes(true))).toBe(true);
    expect((await ctx.db.select().from(webhookDeliveries)).every((d) => d.status === 'delivered')).toBe(true);
  });

  it.skipIf(database.name === 'pglite')(
    'a worker killed with SIGKILL in the middle of sending loses no event: its rows are claimed again once the lease runs out',
    { timeout: 60_000 },
    async () => {
      const made = await createEndpoint(
        ctx.db,
        { url: receiver.url('/slow'), events: ['registration.created'], editionId: '' },
        { allowPrivate: true },
      );
      if (!made.ok) throw new Error('refused');
      receiver.state.secrets.push(made.secret);
      // The receiver takes its time, so the worker dies with deliveries in flight and more claimed.
      receiver.answer(
        '/slow',
        ...Array.from({ length: 40 }, () => (res: import('node:http').ServerResponse) => void setTimeout(() => res.end('ok'), 3000)),
      );
      for (let i = 0; i < 40; i++) {
        await registerAttendee({
          db: ctx.db,
          editionSlug: 'august',
          input: { firstName: 'Kill', email: `kill${i}@example.com`, consent: false },
        });
      }
      const worker = spawn(process.execPath, [LOOP, ctx.handle.url!], { stdio: 'ignore' });
      await expect.poll(() => receiver.state.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      worker.kill('SIGKILL');
      await new Promise((resolve) => worker.once('exit', resolve));
      const inFlight = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
      expect(inFlight.length).toBeGreaterThan(0);
      receiver.answer('/slow');
      // Past the 120 s lease, another worker claims what the dead one held.
      const later = new Date(Date.now() + 121_000);
      while ((await deliverDueWebhooks({ db: ctx.db, allowPrivate: true, now: later })).claimed > 0);
      const deliveries = await ctx.db.select().from(webhookDeliveries);
      expect(deliveries.length).toBe(40);
      expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
      // Every event arrived; one sent before the kill may arrive twice, with the same webhook-id.
      expect(new Set(receiver.state.received.map((r) => r.id)).size).toBe(40);
      expect(receiver.state.received.every((r) => r.verified.includes(true))).toBe(true);
    },
  );
});

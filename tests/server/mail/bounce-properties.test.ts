/**
 * Where the suppression list meets the queue (docs/decisions/0082), as properties over generated
 * registrants and SMTP answers, through a real SMTP server on loopback: a suppressed address never
 * receives anything but the access e-mail it asks for itself; a connection that failed never
 * suppresses anyone; an address the server refuses with 550 ends suppressed.
 */
import fc from 'fast-check';
import { inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendAccessLinks } from '../../../src/server/access/access-request.ts';
import { editionMessages, emailSoftBounces, emailSuppressions, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { scheduleDueMessages } from '../../../src/server/mail/scheduler.ts';
import { suppressAddress } from '../../../src/server/suppression/suppression-list.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startBouncingSmtp, stoppedSmtpUrl, type BouncingSmtp, type RecipientAnswer } from '../../support/bouncing-smtp.ts';

const RUNS = 12;
const T0 = new Date('2026-06-01T09:00:00Z');
const HOUR = 3600_000;

const person = fc.record({
  answer: fc.constantFrom<RecipientAnswer>('accept', 'hard', 'soft'),
  suppressedBefore: fc.boolean(),
  asksForAccess: fc.boolean(),
});
/** Each round: the hours since the start, and whether the SMTP server is there. */
const rounds = fc.array(fc.record({ hours: fc.integer({ min: 0, max: 72 }), up: fc.boolean() }), { minLength: 1, maxLength: 5 });

describeEachDatabase('bounces where features meet', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let smtp: BouncingSmtp;
  let stopped: string;

  beforeAll(async () => {
    smtp = await startBouncingSmtp();
    stopped = await stoppedSmtpUrl();
    await ensureDefaultMessages(ctx.db);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function reset() {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(emailSuppressions);
    await ctx.db.delete(emailSoftBounces);
    smtp.answers.clear();
    smtp.accepted.length = 0;
  }

  /** The send rule of each accepted message, from its stable Message-ID ("<m12.r34…@host>"). */
  async function rulesOf(messageIds: string[]): Promise<string[]> {
    const ids = messageIds.map((id) => Number(/^<m(\d+)\./.exec(id)?.[1]));
    const rows = ids.length
      ? await ctx.db
          .select({ id: editionMessages.id, rule: editionMessages.rule })
          .from(editionMessages)
          .where(inArray(editionMessages.id, ids))
      : [];
    const kinds = new Map(rows.map((row) => [row.id, row.rule.kind]));
    return ids.map((id) => kinds.get(id) ?? 'unknown');
  }

  it('a suppressed address gets only its own access request; a failed connection suppresses no one; a 550 suppresses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 4 }), rounds, async (people, plan) => {
        await reset();
        const addresses = people.map((_, index) => `p${index}@example.com`);
        for (const [index, who] of people.entries()) {
          const email = addresses[index]!;
          await registerAttendee({
            db: ctx.db,
            editionSlug: 'july',
            input: { firstName: 'Ivy', email, consent: true },
            moment: { now: T0, timeZone: null },
          });
          smtp.answers.set(email, who.answer);
          if (who.suppressedBefore) await suppressAddress(ctx.db, { address: email, reason: 'complaint', detail: '', now: T0 });
          if (who.asksForAccess) await sendAccessLinks(ctx.db, email, T0);
        }
        let everUp = false;
        for (const round of [...plan].sort((a, b) => a.hours - b.hours)) {
          const now = new Date(T0.getTime() + round.hours * HOUR);
          everUp ||= round.up;
          const transport = smtpTransport(round.up ? smtp.url : stopped);
          await scheduleDueMessages(ctx.db, now);
          while (
            (await deliverDueMail({ db: ctx.db, transport, from: 'hello@example.com', options: { now, siteUrl: 'https://p.example.com' } }))
              .claimed
          );
        }
        const inForce = await ctx.db.select().from(emailSuppressions).where(isNull(emailSuppressions.liftedAt));
        const suppressed = new Map(inForce.map((row) => [row.address, row.reason]));
        for (const [index, who] of people.entries()) {
          const email = addresses[index]!;
          const received = await rulesOf(smtp.accepted.filter((mail) => mail.to === email).map((mail) => mail.messageId));
          // Suppressed before anything was sent: nothing but the links it asked for.
          if (who.suppressedBefore) expect(received.every((rule) => rule === 'access-request')).toBe(true);
          // ... and those links do go.
          if (who.asksForAccess && who.answer === 'accept' && everUp) expect(received).toContain('access-request');
          // A refused address was never accepted, and once the server answered it, it is suppressed.
          if (who.answer === 'hard') {
            expect(received).toEqual([]);
            if (everUp) expect(suppressed.has(email)).toBe(true);
          }
          // Neither a stopped server nor a deferral (spaced rounds aside) marks an address the server accepts.
          if (!who.suppressedBefore && who.answer === 'accept') expect(suppressed.has(email)).toBe(false);
        }
        // A server that was never there suppresses no one (only what the test suppressed itself).
        if (!everUp) {
          expect([...suppressed.values()].every((reason) => reason === 'complaint')).toBe(true);
          expect(await ctx.db.select().from(emailSoftBounces)).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

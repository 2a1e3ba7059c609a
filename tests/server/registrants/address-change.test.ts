/**
 * A registrant whose address bounced corrects it from their dashboard (docs/decisions/0082), on the
 * real database: the new address is checked, a link goes to it, a GET of the link changes nothing,
 * a POST applies the change once, an expired or used link opens nothing, and the dashboard's notice
 * goes once the new address is theirs.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { announceAccessChange } from '../../../src/server/access/access-events.ts';
import { currentKey, REGISTRANT_COOKIE, registrantByKey } from '../../../src/server/access/registrant-session.ts';
import { emailAddressChanges, emailSuppressions, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import {
  ADDRESS_CHANGE_RATE_LIMITED,
  answerAddressChangeLink,
  answerAddressChangeRequest,
} from '../../../src/server/registrants/address-change-pages.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { suppressAddress } from '../../../src/server/suppression/suppression-list.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = 'https://change.example.com';
const T0 = new Date('2026-06-01T09:00:00Z');

describeEachDatabase('correcting a bounced address', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let key: string;
  let id: number;

  const register = async (email: string) => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent: true },
      moment: { now: T0, timeZone: null },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(emailSuppressions);
    id = await register('ivy@example.com');
    await register('taken@example.com');
    await ctx.db.delete(mailOutbox);
    key = (await currentKey(ctx.db, id))!;
    await suppressAddress(ctx.db, { address: 'ivy@example.com', reason: 'hard-bounce', detail: '550', now: T0 });
    await announceAccessChange(ctx.handle);
  });

  const ask = async (fields: Record<string, string> | null, signedIn = true) => {
    const request = fields
      ? new Request(`${SITE}/email-address`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : new Request(`${SITE}/email-address`);
    const cookies = { get: (name: string) => (signedIn && name === REGISTRANT_COOKIE ? { value: key } : undefined) };
    const outcome = await answerAddressChangeRequest(ctx.handle, { request, cookies, siteUrl: SITE });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const link = async (token: string, method: 'GET' | 'POST') => {
    const outcome = await answerAddressChangeLink(ctx.handle, {
      request: new Request(`${SITE}/email-address/${token}`, { method }),
      token,
    });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const sentToken = async (to: string) => {
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return new RegExp(`${SITE}/email-address/([\\w-]{43})`).exec(mail?.text ?? '')?.[1] ?? '';
  };
  const emailNow = async () =>
    (await ctx.db.select({ email: registrants.email }).from(registrants).where(eq(registrants.id, id)))[0]?.email;

  it('refuses what is not a new address of theirs, with a clear message and nothing sent', async () => {
    expect((await ask(null, false)).status).toBe(401);
    expect((await ask({ email: 'new@example.com' }, false)).state).toEqual({ kind: 'signed-out' });
    const cases: [string, string][] = [
      ['not an address', 'Enter an e-mail address, such as name@example.com.'],
      [' IVY@example.com ', 'That is the address you registered with. Enter another one.'],
      ['taken@example.com', 'That address is already registered for this summit.'],
      ['a\u0000b@example.com', 'An e-mail address cannot contain control characters such as NUL.'],
    ];
    for (const [typed, problem] of cases) {
      const refused = await ask({ email: typed });
      expect(refused.status).toBe(422);
      expect(refused.state).toEqual({ kind: 'ask', typed, problem });
    }
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
    expect(await ctx.db.select().from(emailAddressChanges)).toEqual([]);
  });

  it('accepts a few requests an hour, then refuses with a clear message and sends nothing more', async () => {
    for (let n = 1; n <= 5; n++) expect((await ask({ email: `try${n}@example.com` })).status).toBe(200);
    const refused = await ask({ email: 'stranger@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.state).toEqual({ kind: 'ask', typed: 'stranger@example.com', problem: ADDRESS_CHANGE_RATE_LIMITED });
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stranger@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(5);
  });

  it('sends a link to the new address; only its confirmation changes the address, once', async () => {
    expect((await ask({ email: ' Ivy.New@Example.com ' })).state).toEqual({ kind: 'sent', email: 'ivy.new@example.com' });
    const token = await sentToken('ivy.new@example.com');
    expect(token).not.toBe('');
    // Only its hash is stored.
    expect(JSON.stringify(await ctx.db.select().from(emailAddressChanges))).not.toContain(token);

    // Opening the link (a link checker too) changes nothing.
    expect((await link(token, 'GET')).state).toEqual({ kind: 'confirm', email: 'ivy.new@example.com', action: `/email-address/${token}` });
    expect(await emailNow()).toBe('ivy@example.com');
    expect((await registrantByKey(ctx.db, key))?.addressBounced).toBe(true);

    expect((await link(token, 'POST')).state).toEqual({ kind: 'changed', email: 'ivy.new@example.com' });
    expect(await emailNow()).toBe('ivy.new@example.com');
    // The new address is not suppressed: the dashboard's notice is gone.
    expect((await registrantByKey(ctx.db, key))?.addressBounced).toBe(false);

    const again = await link(token, 'POST');
    expect(again.status).toBe(404);
    expect(again.state).toEqual({ kind: 'invalid' });
    expect((await link('not-a-token', 'GET')).status).toBe(404);
  });

  it('an expired link opens nothing, and an address registered meanwhile is not taken over', async () => {
    await ask({ email: 'late@example.com' });
    const late = await sentToken('late@example.com');
    await ctx.db.update(emailAddressChanges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await link(late, 'GET')).state).toEqual({ kind: 'invalid' });
    expect((await link(late, 'POST')).state).toEqual({ kind: 'invalid' });

    await ask({ email: 'race@example.com' });
    const race = await sentToken('race@example.com');
    await register('race@example.com');
    const taken = await link(race, 'POST');
    expect(taken.status).toBe(409);
    expect(taken.state).toEqual({ kind: 'taken' });
    expect(await emailNow()).toBe('ivy@example.com');
  });
});

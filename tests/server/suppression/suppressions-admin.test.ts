/**
 * The suppression list in the admin and on the registrant's own pages (docs/decisions/0082), on the
 * real database: the site screen lists suppressions with why and since when, stops e-mail to an
 * address and lifts a suppression, each in the audit trail; the registrant's admin page shows their
 * suppression and lifts it; a signed-in registrant whose address bounced is told on their dashboard,
 * read with their key (nothing more on the fast path) and forgotten on every change.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { announceAccessChange } from '../../../src/server/access/access-events.ts';
import { currentKey, registrantByKey } from '../../../src/server/access/registrant-session.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { auditLog, editions, emailSuppressions, registrants } from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { handleRegistrantAccessAction, loadRegistrantAccess } from '../../../src/server/registrants/registrant-access-screen.ts';
import { registrantShellViewer } from '../../../src/server/page-loaders/cached-personal-pages.ts';
import { suppressAddress } from '../../../src/server/suppression/suppression-list.ts';
import { suppressionsScreen } from '../../../src/server/suppression/suppressions-screen.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const post = (fields: [string, string][]) =>
  new Request('http://localhost/admin/suppressions', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const T0 = new Date('2026-06-01T09:00:00Z');

describeEachDatabase('suppressed addresses in the admin and on the dashboard', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;

  beforeEach(async () => {
    await ctx.db.delete(registrants);
    await ctx.db.delete(emailSuppressions);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('lists@example.com')!, 'a long enough password');
    admin = { id, email: 'lists@example.com', phone: null };
  });
  const screen = async (fields?: [string, string][]) => {
    const outcome = await suppressionsScreen({
      handle: ctx.handle,
      admin,
      request: fields ? post(fields) : new Request('http://localhost/admin/suppressions'),
    });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const lastAudit = async () => (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it('lists suppressions with why and since when, stops e-mail to an address and lifts it, each audited', async () => {
    await suppressAddress(ctx.db, { address: 'gone@example.com', reason: 'hard-bounce', detail: '550 5.1.1 User unknown', now: T0 });
    const listed = await screen();
    expect(listed.state.suppressions).toEqual([
      expect.objectContaining({
        address: 'gone@example.com',
        reasonText: 'hard bounce',
        since: '2026-06-01 09:00',
        detail: '550 5.1.1 User unknown',
        liftedAt: null,
      }),
    ]);

    // Bad input: a clear refusal, nothing written, what was typed kept.
    const bad = await screen([
      ['action', 'add'],
      ['address', 'not an address'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.state.problem).toBe('Enter an e-mail address, such as name@example.com.');
    expect(bad.state.address).toBe('not an address');
    const unknown = await screen([['action', 'erase-everything']]);
    expect(unknown.status).toBe(422);
    expect(unknown.state.problem).toBe('Unknown action.');
    expect(await ctx.db.select().from(emailSuppressions)).toHaveLength(1);

    const added = await screen([
      ['action', 'add'],
      ['address', '  Stop@Example.com '],
    ]);
    expect(added.state.message).toContain('stop@example.com');
    expect(added.state.suppressions[0]).toMatchObject({ address: 'stop@example.com', reason: 'admin' });
    expect(await lastAudit()).toMatchObject({
      action: 'create',
      entityType: 'email_suppressions',
      summary: 'Stopped e-mail to stop@example.com',
    });
    const again = await screen([
      ['action', 'add'],
      ['address', 'stop@example.com'],
    ]);
    expect(again.state.problem).toBe('stop@example.com is already suppressed.');

    const gone = listed.state.suppressions[0]!;
    const lifted = await screen([
      ['action', 'lift'],
      ['id', String(gone.id)],
    ]);
    expect(lifted.state.message).toBe("Lifted: gone@example.com gets the site's e-mails again.");
    expect(lifted.state.suppressions.find((row) => row.id === gone.id)).toMatchObject({ liftedBy: 'lists@example.com' });
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      entityType: 'email_suppressions',
      entityId: String(gone.id),
      summary: 'Lifted the suppression of gone@example.com (hard bounce)',
    });
    const twice = await screen([
      ['action', 'lift'],
      ['id', String(gone.id)],
    ]);
    expect(twice.state.problem).toBe('That suppression is already lifted, or no longer exists.');
  });

  it("shows a registrant's suppression on their admin page and lifts it there", async () => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
      moment: { now: T0, timeZone: null },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    const [july] = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions).where(eq(editions.slug, 'july'));
    const load = () =>
      loadRegistrantAccess({ db: ctx.db, editionId: july!.id, id: outcome.registrantId, siteUrl: 'https://s.example.com' });
    expect((await load())?.suppression).toBeNull();
    await suppressAddress(ctx.db, { address: 'ivy@example.com', reason: 'soft-bounces', detail: '451 try later', now: T0 });
    const shown = (await load())?.suppression;
    expect(shown).toMatchObject({ reasonText: 'soft bounces', since: '2026-06-01 09:00', detail: '451 try later' });

    const form = new FormData();
    form.set('action', 'lift-suppression');
    form.set('suppression', String(shown!.id));
    const change = await handleRegistrantAccessAction({ handle: ctx.handle, admin, edition: july!, id: outcome.registrantId, form });
    expect(change).toEqual({ ok: true, message: "Lifted the suppression: ivy@example.com gets the site's e-mails again." });
    expect((await load())?.suppression).toBeNull();
    expect((await lastAudit())?.summary).toBe(
      `Lifted the suppression of ivy@example.com (soft bounces) for registrant #${outcome.registrantId}`,
    );
    expect(await handleRegistrantAccessAction({ handle: ctx.handle, admin, edition: july!, id: outcome.registrantId, form })).toMatchObject(
      { ok: false, status: 404 },
    );
  });

  it('a signed-in registrant whose address bounced is told, from what their key reads, with a shell of their own', async () => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Bo', email: 'bo@example.com', consent: true },
      moment: { now: T0, timeZone: null },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    const key = (await currentKey(ctx.db, outcome.registrantId))!;
    const before = await registrantByKey(ctx.db, key);
    expect(before?.addressBounced).toBe(false);

    // An admin stops e-mail to it: not a bounce, nothing to correct, the dashboard stays as it was.
    await screen([
      ['action', 'add'],
      ['address', 'bo@example.com'],
    ]);
    expect((await registrantByKey(ctx.db, key))?.addressBounced).toBe(false);
    await screen([
      ['action', 'lift'],
      ['id', String((await ctx.db.select().from(emailSuppressions))[0]!.id)],
    ]);

    // A hard bounce, then the access change the mail kind announces: the next read says so.
    await suppressAddress(ctx.db, { address: 'bo@example.com', reason: 'hard-bounce', detail: '550', now: T0 });
    await announceAccessChange(ctx.handle);
    const bounced = await registrantByKey(ctx.db, key);
    expect(bounced?.addressBounced).toBe(true);
    expect(registrantShellViewer(bounced!, 'https://s.example.com')).not.toBe(registrantShellViewer(before!, 'https://s.example.com'));

    // Lifted in the admin: every process forgets, and the notice goes.
    const [row] = await ctx.db.select().from(emailSuppressions).where(eq(emailSuppressions.reason, 'hard-bounce'));
    await screen([
      ['action', 'lift'],
      ['id', String(row!.id)],
    ]);
    expect((await registrantByKey(ctx.db, key))?.addressBounced).toBe(false);
  });
});

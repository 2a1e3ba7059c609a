import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, mailOutbox, registrants, registrationSources, shareLinks } from '../../../src/server/db/schema.ts';
import { ensureShareLinks } from '../../../src/server/attribution/share-links.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { eventsOf, makeToken, startFresh, useApiServer } from './support/api-server.ts';

describeEachDatabase('/api/v1/registrants', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx);
  let write = '';
  beforeEach(async () => {
    await startFresh(ctx.db);
    write = await makeToken(ctx.db, 'write');
  });

  it('registers as the form does: consent with its wording, the confirmation e-mail, the source, registration.created', async () => {
    const edition = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    await ensureShareLinks(ctx.db, edition);
    const [link] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.editionId, edition.id)).limit(1);
    const created = await api.call(write, 'POST', '/registrants', {
      body: {
        email: ' Ada@Example.com ',
        name: 'Ada\nLovelace',
        edition: 'july',
        marketing_consent: true,
        share_code: link!.code,
        utm: { source: 'partner', campaign: 'launch' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      edition: 'july',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      marketing_consent: true,
      tier: 'free',
      passes: [],
    });
    const [row] = await ctx.db.select().from(registrants);
    expect(row?.consentWording).toMatch(/^Yes, also send me the summit’s .* by e-mail\. I can unsubscribe at any time\.$/);
    expect(await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox)).toEqual([{ to: 'ada@example.com' }]);
    const [source] = await ctx.db.select().from(registrationSources);
    expect(source).toMatchObject({ shareLinkId: link!.id, utmSource: 'partner', utmMedium: null, utmCampaign: 'launch' });
    const [event] = await eventsOf(ctx.db);
    expect(event).toMatchObject({
      type: 'registration.created',
      data: { email: 'ada@example.com', consent: { marketing: true }, source: { shareLinkCode: link!.code, utmSource: 'partner' } },
    });

    // The same address again changes nothing: no second row, e-mail or event.
    const again = await api.call(write, 'POST', '/registrants', { body: { email: 'ada@example.com', name: 'Other', edition: 'july' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: row!.id, name: 'Ada Lovelace' });
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(1);
    expect(await eventsOf(ctx.db)).toHaveLength(1);
  });

  it('sends no confirmation with send_email false, and records no consent without it', async () => {
    const created = await api.call(write, 'POST', '/registrants', {
      body: { email: 'quiet@example.com', name: 'Quiet', edition: 'july', send_email: false },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ marketing_consent: false, consented_at: null });
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
  });

  it('refuses an unknown share code and an unknown edition at their fields, storing nothing', async () => {
    const bad = await api.call(write, 'POST', '/registrants', {
      body: { email: 'x@example.com', name: 'X', edition: 'july', share_code: 'nobody-here' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 422, errors: [{ pointer: '#/share_code' }] });
    const nowhere = await api.call(write, 'POST', '/registrants', { body: { email: 'x@example.com', name: 'X', edition: 'nowhere' } });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body).toMatchObject({ errors: [{ pointer: '#/edition' }] });
    expect(await ctx.db.select().from(registrants)).toEqual([]);
  });

  it('changes a name and consent with registrant.updated, and erases as the admin does', async () => {
    const created = await api.call(write, 'POST', '/registrants', { body: { email: 'b@example.com', name: 'Bea', edition: 'august' } });
    const id = created.body!.id as number;
    const renamed = await api.call(write, 'PATCH', `/registrants/${id}`, { body: { name: 'Beatrice', marketing_consent: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Beatrice', marketing_consent: true });
    expect(renamed.body!.updated_at).not.toBe(created.body!.updated_at);
    const updated = (await eventsOf(ctx.db)).find((event) => event.type === 'registrant.updated');
    expect(updated?.data).toMatchObject({ firstName: 'Beatrice', consent: { marketing: true } });

    const withdrawn = await api.call(write, 'PATCH', `/registrants/${id}`, { body: { marketing_consent: false } });
    expect(withdrawn.body).toMatchObject({ marketing_consent: false, consented_at: null });

    const erased = await api.call(write, 'DELETE', `/registrants/${id}`);
    expect(erased.status).toBe(204);
    expect(await ctx.db.select().from(registrants)).toEqual([]);
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
    const types = (await eventsOf(ctx.db)).map((event) => event.type);
    // Events still waiting to be sent keep their bodies (docs/decisions/0058); the erasure is reported last.
    expect(types).toEqual(['registration.created', 'registrant.updated', 'registrant.updated', 'registrant.erased']);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'registrants'));
    expect(audit).toMatchObject({
      action: 'delete',
      summary: `Deleted registrant #${id}`,
      actorLabel: expect.stringContaining('API token'),
    });
    expect((await api.call(write, 'GET', `/registrants/${id}`)).status).toBe(404);
    expect((await api.call(write, 'DELETE', `/registrants/${id}`)).status).toBe(404);
  });

  it('pages by cursor without skipping or repeating while registrations come in', async () => {
    for (let i = 0; i < 7; i++)
      await api.call(write, 'POST', '/registrants', {
        body: { email: `p${i}@example.com`, name: `P${i}`, edition: 'july', send_email: false },
      });
    const seen: number[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page = await api.call(write, 'GET', `/registrants?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body!.data as { id: number }[]).map((row) => row.id));
      cursor = page.body!.next_cursor as string | null;
      // Someone registers between every two pages.
      await api.call(write, 'POST', '/registrants', {
        body: { email: `late${added++}@example.com`, name: 'Late', edition: 'july', send_email: false },
      });
    } while (cursor);
    const all = (await ctx.db.select({ id: registrants.id }).from(registrants)).map((row) => row.id);
    expect(new Set(seen).size).toBe(seen.length);
    // Every registrant that existed when paging began was seen, and those that came during it too, but the very last.
    expect(seen.length).toBe(all.length - 1);
    const since = await api.call(
      write,
      'GET',
      `/registrants?updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(since.body).toEqual({ data: [], next_cursor: null });
    const badCursor = await api.call(write, 'GET', '/registrants?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ errors: [{ pointer: '#/query/cursor' }] });
  });

  it('keeps a token of one edition to its edition, and a read token to reading', async () => {
    const other = await api.call(write, 'POST', '/registrants', {
      body: { email: 'o@example.com', name: 'O', edition: 'july', send_email: false },
    });
    const august = await makeToken(ctx.db, 'write', 'august');
    expect((await api.call(august, 'GET', `/registrants/${other.body!.id as number}`)).status).toBe(404);
    expect((await api.call(august, 'GET', '/registrants')).body).toEqual({ data: [], next_cursor: null });
    expect((await api.call(august, 'GET', '/registrants?edition=july')).status).toBe(404);
    expect((await api.call(august, 'GET', '/editions')).body).toMatchObject({ data: [{ slug: 'august' }] });
    expect((await api.call(august, 'GET', '/editions/july/episodes')).status).toBe(404);
    const refused = await api.call(august, 'POST', '/registrants', { body: { email: 'n@example.com', name: 'N', edition: 'july' } });
    expect(refused.status).toBe(403);
    expect((await api.call(august, 'DELETE', `/registrants/${other.body!.id as number}`)).status).toBe(404);

    const read = await makeToken(ctx.db, 'read');
    expect((await api.call(read, 'GET', `/registrants/${other.body!.id as number}`)).status).toBe(200);
    const denied = await api.call(read, 'PATCH', `/registrants/${other.body!.id as number}`, { body: { name: 'Changed' } });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(
      (
        await ctx.db
          .select()
          .from(registrants)
          .where(eq(registrants.id, other.body!.id as number))
      )[0]?.firstName,
    ).toBe('O');
  });
});

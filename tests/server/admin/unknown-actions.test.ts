/**
 * An admin POST whose action the screen does not have (a stale page, a hand-made request, a form
 * without its action) is answered with a plain message and a 400, and changes nothing: the
 * edition, editions, e-mail and affiliates screens read their action against their enum
 * (src/domain/admin-actions.ts). Before, the edition screen ignored it silently and the message
 * editor read anything it did not know as a save.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { UNKNOWN_ACTION } from '../../../src/domain/admin-actions.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { submitAffiliatesForm } from '../../../src/server/affiliates/affiliates-admin.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { auditLog, editionMessages, editions, homeEdition, registrants, speakers } from '../../../src/server/db/schema.ts';
import { handleListAction, resolveScope } from '../../../src/server/managed-content/resource-screens.ts';
import { registrantImportScreen } from '../../../src/server/registrants/import-screen.ts';
import { heldPaymentsScreen } from '../../../src/server/payments/held-payments-screen.ts';
import { editionScreen } from '../../../src/server/editions/edition-form.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { handleEditionsPost } from '../../../src/server/editions/editions-form.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { messageEditorPage, messagesPage } from '../../../src/server/mail/messages-admin.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = 'https://admin.example.com';
const NOW = new Date('2026-06-01T09:00:00Z');

const posted = (path: string, fields: Record<string, string>) =>
  new Request(`${SITE}${path}`, { method: 'POST', body: new URLSearchParams(fields) });

describeEachDatabase('an admin action the screen does not have', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  let july: { id: number; slug: string };

  beforeAll(async () => {
    await ensureDefaultMessages(ctx.db);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('actions@example.com')!, 'a long enough password');
    admin = { id, email: 'actions@example.com', phone: null };
    const [row] = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions).where(eq(editions.slug, 'july'));
    july = row!;
  });

  /** What the screens could change: the editions, the home page's choice, the e-mails, and the audit trail. */
  async function snapshot() {
    return {
      editions: await ctx.db.select().from(editions).orderBy(editions.id),
      home: await ctx.db.select().from(homeEdition),
      messages: await ctx.db.select().from(editionMessages).orderBy(editionMessages.id),
      audit: (await ctx.db.select({ n: count() }).from(auditLog))[0]?.n,
    };
  }

  it('on the edition’s screen: refused with the message, the edition as it was', async () => {
    const before = await snapshot();
    const stray: Record<string, string>[] = [{ action: 'drop-tables', name: 'Renamed' }, { name: 'Renamed, no action' }];
    for (const fields of stray) {
      const outcome = await editionScreen({ handle: ctx.handle, admin, slug: 'july', request: posted('/admin/editions/july', fields) });
      expect(outcome).toMatchObject({ kind: 'show', status: 400, state: { refused: UNKNOWN_ACTION, name: before.editions[0]?.name } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('on the editions list: refused with the message, nothing duplicated, imported or moved', async () => {
    const before = await snapshot();
    const outcome = await handleEditionsPost({
      handle: ctx.handle,
      admin,
      request: posted('/admin/editions', { action: 'duplicate-everything', slug: 'july', source: 'july' }),
      url: new URL(`${SITE}/admin/editions`),
      audioLimitBytes: 1024 * 1024,
    });
    expect(outcome).toMatchObject({ kind: 'show', status: 400, state: { message: UNKNOWN_ACTION } });
    expect(await snapshot()).toEqual(before);
  });

  it('on the e-mail list and a message’s editor: refused with the message, no e-mail added or changed', async () => {
    const before = await snapshot();
    const screen = (path: string, fields: Record<string, string>) => ({
      handle: ctx.handle,
      admin,
      edition: july,
      request: posted(`/admin/editions/july/messages${path}`, fields),
      now: NOW,
      siteUrl: SITE,
    });
    const list = await messagesPage(screen('', { action: 'add-everything', key: 'replay-offer' }));
    expect(list).toMatchObject({ kind: 'show', status: 400, state: { problem: UNKNOWN_ACTION } });
    const message = before.messages.find((row) => row.editionId === july.id)!;
    // The editor's fields without the form's action: read as a save before, refused now.
    const edit = { subject: 'Changed by a stray post', body: message.body, ruleKind: 'after-registration', offsetHours: '1' };
    for (const fields of [edit, { ...edit, action: 'publish' }]) {
      const editor = await messageEditorPage({ ...screen(`/${message.id}`, fields), messageId: message.id });
      expect(editor).toMatchObject({ kind: 'show', status: 400, state: { notice: { ok: false, text: UNKNOWN_ACTION } } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('on the affiliates screen: refused with the message, the form echoed, nothing booked', async () => {
    const before = await snapshot();
    const edition = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    const form = new FormData();
    form.set('action', 'pay-everyone');
    form.set('amount', '1000');
    const outcome = await submitAffiliatesForm({ handle: ctx.handle, admin, edition, now: NOW }, form);
    expect(outcome).toMatchObject({ problem: UNKNOWN_ACTION, refused: { action: 'pay-everyone', values: { amount: '1000' } } });
    expect(await snapshot()).toEqual(before);
  });
});

describeEachDatabase('an unknown action on the people lists, the import and the held payments', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('lists@example.com')!, 'a long enough password');
    admin = { id, email: 'lists@example.com', phone: null };
  });

  const people = async () => ({
    speakers: await ctx.db.select({ id: speakers.id, position: speakers.position }).from(speakers).orderBy(speakers.id),
    registrants: (await ctx.db.select({ n: count() }).from(registrants))[0]?.n,
    audit: (await ctx.db.select({ n: count() }).from(auditLog))[0]?.n,
  });

  it('is refused with the message on a people list, the import and the held payments, and changes nothing', async () => {
    const before = await people();
    const url = new URL(`${SITE}/admin/content/speakers?edition=july`);
    const scope = (await resolveScope(ctx.handle, 'speakers', url))!;
    const form = new FormData();
    form.set('action', 'truncate');
    form.set('id', String(before.speakers[0]!.id));
    expect(await handleListAction({ handle: ctx.handle, scope, admin, form })).toBe(UNKNOWN_ACTION);

    const upload = new FormData();
    upload.set('action', 'import-everything');
    upload.set('file', new File(['email,name\numa@example.com,Uma\n'], 'registrants.csv', { type: 'text/csv' }));
    const importPage = `${SITE}/admin/registrants/import?edition=july`;
    const imported = await registrantImportScreen(ctx.handle, {
      request: new Request(importPage, { method: 'POST', body: upload }),
      url: new URL(importPage),
      admin,
    });
    expect(imported).toMatchObject({ kind: 'show', status: 400, state: { problems: [UNKNOWN_ACTION] } });

    const held = await heldPaymentsScreen({
      handle: ctx.handle,
      admin,
      request: posted('/admin/payments', { action: 'refund-everyone', id: '1' }),
    });
    expect(held).toMatchObject({ kind: 'show', status: 422, state: { problem: UNKNOWN_ACTION } });
    expect(await people()).toEqual(before);
  });
});

import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { recordFromFormValues, readFormValues } from '../../../src/domain/admin.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { deleteRow, findRow, listRows, moveRow, saveRow } from '../../../src/server/managed-content/managed-rows.ts';
import { RESOURCES } from '../../../src/server/managed-content/resource-definitions.ts';
import { auditLog, editions } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('admin content store', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  let august: number;
  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
    [{ id: august }] = (await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'))) as [{ id: number }];
  });

  const handle = () => ctx.handle;
  const speakers = RESOURCES.speakers;

  function speakerForm(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return recordFromFormValues(speakers.fields, readFormValues(speakers.fields, form));
  }

  it('adds a speaker at the end of its day, with an audit entry', async () => {
    const before = (await listRows(ctx.db, speakers, august)).filter((r) => r.day === 2);
    const result = await saveRow({
      handle: handle(),
      def: speakers,
      admin,
      target: { editionId: august, id: null },
      record: speakerForm({ firstName: 'Wren', lastName: 'Vale', day: '2', topic: 'Quiet Launches', 'freebie.title': '' }),
    });
    expect(result.ok).toBe(true);
    const after = (await listRows(ctx.db, speakers, august)).filter((r) => r.day === 2);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ firstName: 'Wren', lastName: 'Vale', topic: 'Quiet Launches', freebie: null, pronouns: null });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(result.ok && result.id)));
    expect(entry).toMatchObject({ action: 'create', entityType: 'speakers', actorLabel: 'host@example.com' });
  });

  it('refuses an invalid speaker with a message per field and writes nothing', async () => {
    const count = (await listRows(ctx.db, speakers, august)).length;
    const result = await saveRow({
      handle: handle(),
      def: speakers,
      admin,
      target: { editionId: august, id: null },
      record: speakerForm({ firstName: '', day: '4' }),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['day', 'firstName']);
    }
    expect(await listRows(ctx.db, speakers, august)).toHaveLength(count);
  });

  it('edits and deletes only within the edition', async () => {
    const [first] = await listRows(ctx.db, speakers, august);
    const otherEdition = august + 1;
    expect(await findRow({ db: ctx.db, def: speakers, editionId: otherEdition, id: first!.id })).toBeNull();
    const wrongEdition = await saveRow({
      handle: handle(),
      def: speakers,
      admin,
      target: { editionId: otherEdition, id: first!.id },
      record: speakerForm({ firstName: 'X', day: '1' }),
    });
    expect(wrongEdition.ok).toBe(false);
    expect(await deleteRow({ handle: handle(), def: speakers, admin, editionId: otherEdition, id: first!.id })).toBe(false);

    const edited = await saveRow({
      handle: handle(),
      def: speakers,
      admin,
      target: { editionId: august, id: first!.id },
      record: speakerForm({ firstName: 'Renamed', day: String(first!.day) }),
    });
    expect(edited.ok).toBe(true);
    expect((await findRow({ db: ctx.db, def: speakers, editionId: august, id: first!.id }))?.firstName).toBe('Renamed');
    expect(await deleteRow({ handle: handle(), def: speakers, admin, editionId: august, id: first!.id })).toBe(true);
    expect(await findRow({ db: ctx.db, def: speakers, editionId: august, id: first!.id })).toBeNull();
  });

  it('moves a speaker within its day', async () => {
    const day3 = () => listRows(ctx.db, speakers, august).then((rows) => rows.filter((r) => r.day === 3).map((r) => r.id));
    const [a, b] = await day3();
    expect(await moveRow({ handle: handle(), def: speakers, admin, editionId: august, id: b!, direction: 'up' })).toBe(true);
    expect((await day3()).slice(0, 2)).toEqual([b, a]);
    expect(await moveRow({ handle: handle(), def: speakers, admin, editionId: august, id: b!, direction: 'up' })).toBe(false);
  });

  it('manages an edition’s FAQ, apart from another edition’s', async () => {
    const faq = RESOURCES.faq;
    const before = await listRows(ctx.db, faq, august + 1);
    const result = await saveRow({
      handle: handle(),
      def: faq,
      admin,
      target: { editionId: august, id: null },
      record: { question: 'Is there a transcript?', answer: 'Yes, for every episode.' },
    });
    expect(result.ok).toBe(true);
    const rows = await listRows(ctx.db, faq, august);
    expect(rows.at(-1)).toMatchObject({ question: 'Is there a transcript?' });
    expect(await listRows(ctx.db, faq, august + 1)).toEqual(before);
    const audits = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.entityType)).toContain('faq');
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  auditLog,
  mailOutbox,
  mailPreferences,
  purchases,
  registrants,
  webhookDeliveries,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { consentRecordsOf } from '../../../src/server/consents/consent-records.ts';
import { stageUpload } from '../../../src/server/registrants/import-upload.ts';
import { importRegistrants } from '../../../src/server/registrants/registrant-import.ts';
import { ImportRefusal } from '../../../src/server/registrants/import-refusal.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { eventsOf, NOW, startFresh } from '../api/support/api-server.ts';
import { useStagedImports, type ImportOptions } from './support/staged-imports.ts';

describeEachDatabase('registrant import', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const request = useStagedImports(ctx);
  beforeEach(() => startFresh(ctx.db));

  const run = async (csv: string, options: ImportOptions = {}) => importRegistrants(await request(csv, options));

  const counts = async () => ({
    registrants: (await ctx.db.select().from(registrants)).length,
    purchases: (await ctx.db.select().from(purchases)).length,
    events: (await ctx.db.select().from(webhookEvents)).length,
    audit: (await ctx.db.select().from(auditLog)).length,
    outbox: (await ctx.db.select().from(mailOutbox)).length,
  });

  const FILE = [
    'Email,Name,Edition,Consent,Pass,Registered_At',
    'Ada@Example.com,Ada,july,yes,,2025-03-01',
    'bo@example.com,Bo,,no,replay,2025-03-02T09:30:00Z',
    'cy@example.com,Cy,,,,',
    'not-an-address,Dee,,,,',
    'ed@example.com,=HYPERLINK("http://evil"),,,,',
    'fay@example.com,Fay,,maybe,,',
    'gus@example.com,Gus,,,gold,',
    'ada@example.com,Ada again,july,,,',
    'hal@example.com,Hal,nowhere,,,',
    "ivy@example.com,'=Ivy,,,,",
    'jo@example.com,Jo,,,,2999-01-01',
  ].join('\r\n');

  it('shows the dry run row by row, changes nothing, then imports exactly that, and the same file again changes nothing', async () => {
    const before = await counts();
    const dry = await run(FILE, { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, rows: 11, added: 4, updated: 0, unchanged: 0, refused: 7, complete: true });
    expect(dry.listed.map((row) => [row.row, row.outcome])).toEqual([
      [2, 'added'],
      [3, 'added'],
      [4, 'added'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'refused'],
      [9, 'refused'],
      [10, 'refused'],
      [11, 'added'],
      [12, 'refused'],
    ]);
    const reasons = Object.fromEntries(dry.listed.map((row) => [row.row, row.reason]));
    expect(reasons[5]).toContain('not an e-mail address');
    expect(reasons[6]).toContain('formula');
    expect(reasons[7]).toContain('yes, no');
    expect(reasons[8]).toContain('replay or aap');
    expect(reasons[9]).toBe('The same address is on row 2 for this edition.');
    expect(reasons[10]).toContain('No edition has the slug “nowhere”');
    expect(reasons[12]).toContain('future');
    expect(await counts()).toEqual(before);

    const done = await run(FILE);
    expect(done).toMatchObject({ dryRun: false, rows: 11, added: 4, refused: 7, emailsQueued: 0 });
    expect(done.listed).toEqual(dry.listed.map((row) => row));
    const rows = await ctx.db.select().from(registrants).orderBy(registrants.email);
    expect(rows.map((row) => [row.email, row.firstName, row.consentedAt !== null, row.tier])).toEqual([
      ['ada@example.com', 'Ada', true, 'free'],
      ['bo@example.com', 'Bo', false, 'replay'],
      ['cy@example.com', 'Cy', false, 'free'],
      ['ivy@example.com', '=Ivy', false, 'free'],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(rows[0]!.consentWording).toContain('I can unsubscribe');
    expect(await ctx.db.select({ source: purchases.source, pass: purchases.pass }).from(purchases)).toEqual([
      { source: 'admin', pass: 'replay' },
    ]);
    // No e-mail unless chosen; the host's tools hear of the import once (and of the pass).
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
    const events = await eventsOf(ctx.db);
    expect(events.filter((event) => event.type === 'registration.created')).toEqual([]);
    const imported = events.filter((event) => event.type === 'registrants.imported');
    expect(imported.map((event) => event.data)).toEqual([
      {
        importId: expect.any(Number) as number,
        editionSlug: 'july',
        count: 4,
        added: 4,
        updated: 0,
        registrants: expect.stringMatching(/\/api\/v1\/registrants\?import=\d+&edition=july$/) as string,
      },
    ]);
    expect(events.find((event) => event.type === 'pass.granted')?.data).toMatchObject({
      email: 'bo@example.com',
      pass: 'replay',
      cause: 'admin',
    });
    // One delivery of each to the one endpoint that wants every event.
    expect(await ctx.db.select().from(webhookDeliveries)).toHaveLength(events.length);

    const afterFirst = await counts();
    const again = await run(FILE);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 4, refused: 7 });
    expect(await counts()).toEqual(afterFirst);
  });

  it('tells the tools of each row when the host asks for it', async () => {
    await run('email,name,consent\nada@example.com,Ada,yes\nbo@example.com,Bo,\n', { eachRow: true });
    await run('email,name\nada@example.com,Ada L.\n', { eachRow: true });
    const events = await eventsOf(ctx.db);
    expect(events.map((event) => [event.type, event.data.email])).toEqual([
      ['registration.created', 'ada@example.com'],
      ['registration.created', 'bo@example.com'],
      ['registrant.updated', 'ada@example.com'],
    ]);
  });

  it('always tells the tools of a consent withdrawn, so the lists unsubscribe them', async () => {
    await run('email,name,consent\nada@example.com,Ada,yes\nbo@example.com,Bo,yes\n');
    await run('email,name,consent\nada@example.com,Ada,no\nbo@example.com,Bo B.,\n');
    const events = await eventsOf(ctx.db);
    expect(events.map((event) => [event.type, event.data.email ?? event.data.count])).toEqual([
      ['registrants.imported', 2],
      ['registrant.updated', 'ada@example.com'],
      ['registrants.imported', 2],
    ]);
    expect(events[1]!.data.consent).toEqual({ marketing: false, consentedAt: null });
  });

  it('updates name, consent and pass of a known address, never a second registrant', async () => {
    await run('email,name,consent\nkim@example.com,Kim,yes\n');
    const [kim] = await ctx.db.select().from(registrants);
    await ctx.db.insert(mailPreferences).values({ registrantId: kim!.id, unsubscribedAt: NOW });
    const withdrawn = await run('email,name,consent,pass\nKIM@example.com,Kimberly,no,aap\n');
    expect(withdrawn.listed).toMatchObject([{ outcome: 'updated', changes: ['name', 'consent', 'pass'] }]);
    let [row] = await ctx.db.select().from(registrants);
    expect(row).toMatchObject({ id: kim!.id, firstName: 'Kimberly', consentedAt: null, tier: 'aap' });
    // Not stated: consent stays as it is.
    expect((await run('email,name\nkim@example.com,Kimberly\n')).listed).toMatchObject([{ outcome: 'unchanged' }]);
    await run('email,name,consent\nkim@example.com,Kimberly,1\n');
    [row] = await ctx.db.select().from(registrants);
    expect(row!.consentedAt).not.toBeNull();
    const [preferences] = await ctx.db.select().from(mailPreferences).where(eq(mailPreferences.registrantId, kim!.id));
    expect(preferences!.unsubscribedAt).toBeNull();
    expect(await ctx.db.select().from(registrants)).toHaveLength(1);
    // Each consent given and withdrawn is kept with its words and the import as its source (docs/decisions/0084).
    const records = (await consentRecordsOf(ctx.db, [kim!.id])).get(kim!.id)!;
    expect(records.map((r) => [r.topic, r.choice, r.source, r.wording === null])).toEqual([
      ['marketing', 'given', 'import', false],
      ['marketing', 'withdrawn', 'import', true],
      ['marketing', 'given', 'import', false],
    ]);
  });

  it('queues the confirmation and the pass e-mail only when the host chooses to send them', async () => {
    const report = await run('email,name,pass\nnew@example.com,New,aap\n', { sendEmail: true });
    const outbox = await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(outbox.length).toBeGreaterThanOrEqual(2);
    expect(report.emailsQueued).toBe(outbox.length);
    expect(new Set(outbox.map((row) => row.to))).toEqual(new Set(['new@example.com']));
  });

  it('keeps a token of one edition to that edition', async () => {
    const july = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    const report = await run('email,name,edition\na@example.com,A,july\nb@example.com,B,august\n', { onlyEditionId: july.id });
    expect(report.listed).toMatchObject([
      { row: 2, outcome: 'added' },
      { row: 3, outcome: 'refused', reason: 'This token may not import into the edition “august”.' },
    ]);
  });

  it('refuses a whole file that is not CSV, lacks columns or has too many rows, writing nothing', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    const missing = await refusal(run('mail,first\na@example.com,A\n'));
    expect(missing).toBeInstanceOf(ImportRefusal);
    expect((missing as ImportRefusal).status).toBe(422);
    expect((missing as ImportRefusal).message).toContain('email and name are missing');
    const broken = await refusal(run('email,name\n"a@example.com,A\n'));
    expect((broken as ImportRefusal).status).toBe(400);
    expect((await refusal(run(''))) as ImportRefusal).toBeInstanceOf(ImportRefusal);
    const long = `email,name\n${Array.from({ length: 100_001 }, (_, index) => `p${index}@example.com,P`).join('\n')}\n`;
    const tooMany = await refusal(run(long));
    expect((tooMany as ImportRefusal).status).toBe(413);
    expect((tooMany as ImportRefusal).message).toContain('more than 100,000 rows');
    // Past 32 MB the upload is refused while it arrives, with or without a declared length.
    const huge = new Blob([`email,name\n${'x'.repeat(33 * 1024 * 1024)}`]);
    for (const declared of [0, huge.size]) {
      const tooLarge = await refusal(stageUpload(huge.stream(), declared));
      expect((tooLarge as ImportRefusal).status).toBe(413);
      expect((tooLarge as ImportRefusal).message).toContain('larger than 32 MB');
    }
    expect(await ctx.db.select().from(registrants)).toEqual([]);
  });
});

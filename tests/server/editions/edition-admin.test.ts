import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import {
  exportEditionJson,
  readEditionDocument,
  serializeEditionDocument,
  type EditionDocument,
} from '../../../src/server/editions/edition-transfer.ts';
import { importEditionDocument } from '../../../src/server/editions/edition-import.ts';
import { deleteEdition, saveEdition } from '../../../src/server/editions/edition-commands.ts';
import { duplicateEdition } from '../../../src/server/editions/duplicate-edition.ts';
import { loadEditionEditor } from '../../../src/server/editions/edition-admin-queries.ts';
import { parseEditionForm } from '../../../src/server/editions/edition-form-parser.ts';
import { exportSpeakersCsv, importSpeakersCsv, parseSpeakersCsv, SPEAKER_CSV_COLUMNS } from '../../../src/server/people/speakers-csv.ts';
import { protectCell, unprotectCell } from '../../../src/server/csv/spreadsheet-csv.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { listSpeakers } from '../../../src/server/people/people-queries.ts';
import { auditLog, editions, registrants, speakers, timerConfigs, userSessions } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const HEADER = SPEAKER_CSV_COLUMNS.join(',');

/** A CSV row from the columns given; the rest empty. */
function csvRow(cells: Partial<Record<(typeof SPEAKER_CSV_COLUMNS)[number], string>>): string {
  return SPEAKER_CSV_COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
}

describeEachDatabase('admin editions, import and export', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  const handle = () => ctx.handle;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('editor@example.com')!, 'a long enough password');
    admin = { id, email: 'editor@example.com', phone: null };
  });

  async function editionId(slug: string): Promise<number> {
    const edition = await readEdition(ctx.db, slug, { fresh: true });
    if (!edition) throw new Error(`no edition ${slug}`);
    return edition.id;
  }

  const withoutIds = <T extends { id: number }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);

  describe('whole-edition JSON', () => {
    it('exports a versioned document without ids, with people in display order', async () => {
      const text = (await exportEditionJson(ctx.db, 'september'))!;
      const document = JSON.parse(text);
      expect(Object.keys(document)).toEqual([
        'kind',
        'version',
        'edition',
        'timers',
        'days',
        'speakers',
        'hosts',
        'implementationSessions',
        'bonusBundle',
        'sponsors',
        'faqItems',
        'episodes',
        'messages',
      ]);
      // The edition's own sponsors and questions travel with it (the demo's four sponsors).
      expect(document.sponsors).toHaveLength(4);
      expect(document.faqItems?.length).toBeGreaterThan(0);
      expect(document).toMatchObject({ kind: 'summit-edition', version: 2, edition: { slug: 'september' } });
      expect(Object.keys(document.edition)).toEqual([
        'slug',
        'name',
        'position',
        'summitStartDate',
        'summitEndDate',
        'timezone',
        'settings',
        'accessMode',
      ]);
      expect(Object.keys(document.timers)).toEqual(['day1', 'day2', 'day3', 'dashboard']);
      expect(document.days.map((d: { day: number }) => d.day)).toEqual([1, 2, 3]);
      expect(document.bonusBundle.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/"(id|editionId|createdAt|updatedAt)":/);
      const days = document.speakers.map((s: { day: number }) => s.day);
      expect(days).toEqual([...days].sort());
      const stored = await listSpeakers(ctx.db, await editionId('september'));
      expect(document.speakers.map((s: { firstName: string }) => s.firstName)).toEqual(stored.map((s) => s.firstName));
    });

    it('exports, imports and exports again byte for byte the same', async () => {
      const first = (await exportEditionJson(ctx.db, 'september'))!;
      const idBefore = await editionId('september');
      const result = await importEditionDocument({ handle: handle(), admin, text: first });
      expect(result).toMatchObject({ ok: true, slug: 'september', created: false });
      expect(await editionId('september')).toBe(idBefore);
      expect(await exportEditionJson(ctx.db, 'september')).toBe(first);
      const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: 'import', entityType: 'editions', entityId: String(idBefore) });
    });

    it('creates a new edition from a document with a new slug', async () => {
      const document = (await readEditionDocument(ctx.db, 'august'))!;
      const copy = { ...document, edition: { ...document.edition, slug: 'october', name: 'October' } };
      const result = await importEditionDocument({ handle: handle(), admin, text: serializeEditionDocument(copy) });
      expect(result).toMatchObject({ ok: true, slug: 'october', created: true });
      // The same but for what must differ: each episode's guid and audio file are the copy's own.
      const own = ({ guid: _guid, audioFile: _file, ...episode }: NonNullable<EditionDocument['episodes']>[number]) => episode;
      const imported = (await readEditionDocument(ctx.db, 'october'))!;
      expect({ ...imported, episodes: imported.episodes!.map(own) }).toEqual({ ...copy, episodes: copy.episodes!.map(own) });
      // The source is untouched.
      expect(await exportEditionJson(ctx.db, 'august')).toBe(serializeEditionDocument(document));
    });

    it('refuses a document with a bad speaker, lists the path and changes nothing', async () => {
      const before = (await exportEditionJson(ctx.db, 'august'))!;
      const document = JSON.parse(before);
      document.edition.name = 'Changed';
      document.speakers[3].day = 4;
      document.hosts[0].firstName = '';
      const result = await importEditionDocument({ handle: handle(), admin, text: JSON.stringify(document) });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems).toContain('speakers[3].day: Choose day 1, 2 or 3.');
        expect(result.problems.some((p) => p.startsWith('hosts[0].firstName: '))).toBe(true);
      }
      expect(await exportEditionJson(ctx.db, 'august')).toBe(before);
    });

    it('refuses what is not an edition document', async () => {
      const notJson = await importEditionDocument({ handle: handle(), admin, text: '{ nope' });
      expect(notJson.ok).toBe(false);
      if (!notJson.ok) expect(notJson.problems[0]).toMatch(/^The file is not valid JSON/);
      const wrongKind = await importEditionDocument({ handle: handle(), admin, text: JSON.stringify({ kind: 'other', version: 3 }) });
      expect(wrongKind.ok).toBe(false);
      if (!wrongKind.ok) {
        expect(wrongKind.problems[0]).toMatch(/^kind: This is not a summit edition export/);
        expect(wrongKind.problems).toContain('version: Only version 1 and 2 edition documents can be imported.');
      }
      const document = JSON.parse((await exportEditionJson(ctx.db, 'august'))!);
      document.edition.slug = 'admin';
      const reserved = await importEditionDocument({ handle: handle(), admin, text: JSON.stringify(document) });
      expect(reserved.ok).toBe(false);
      document.edition.slug = 'august';
      document.edition.summitEndDate = '2000-01-01';
      document.edition.timezone = 'Mars/Olympus';
      const dates = await importEditionDocument({ handle: handle(), admin, text: JSON.stringify(document) });
      expect(dates.ok).toBe(false);
      if (!dates.ok) {
        expect(dates.problems).toContain('edition.summitEndDate: The summit cannot end before it starts.');
        expect(dates.problems.some((p) => p.startsWith('edition.timezone: '))).toBe(true);
      }
    });

    it('refuses a document whose dates disagree with its summit dates, as the form does', async () => {
      const before = (await exportEditionJson(ctx.db, 'september'))!;
      const document = JSON.parse(before);
      document.edition.settings.retreat.startDate = '2025-09-10';
      document.timers.day3.eventEndDate = '2025-09-27T00:00';
      const result = await importEditionDocument({ handle: handle(), admin, text: JSON.stringify(document) });
      expect(result).toEqual({
        ok: false,
        problems: [
          'timers.day3.eventEndDate: Day 3 must close by the end of the summit (September 23-25 2025, Australia/Sydney time).',
          'edition.settings.retreat.startDate: The retreat must start after the summit, which ends on September 25 2025.',
        ],
      });
      expect(await exportEditionJson(ctx.db, 'september')).toBe(before);
    });

    it('keeps the registrants and visitor sessions of an edition it replaces', async () => {
      const august = await editionId('august');
      await ctx.db.insert(registrants).values({ editionId: august, firstName: 'Ada', email: 'ada@example.com' });
      const sessionId = randomUUID();
      await ctx.db.insert(userSessions).values({ sessionId, pageType: 'august_day1' });

      const document = (await readEditionDocument(ctx.db, 'august'))!;
      const smaller = { ...document, speakers: document.speakers.slice(1) };
      const result = await importEditionDocument({ handle: handle(), admin, text: serializeEditionDocument(smaller) });
      expect(result.ok).toBe(true);
      expect(await editionId('august')).toBe(august);
      expect(await listSpeakers(ctx.db, august)).toHaveLength(document.speakers.length - 1);
      expect(await ctx.db.select().from(registrants).where(eq(registrants.editionId, august))).toHaveLength(1);
      expect(await ctx.db.select().from(userSessions).where(eq(userSessions.sessionId, sessionId))).toHaveLength(1);
      // Put the speakers back for the tests that follow.
      expect((await importEditionDocument({ handle: handle(), admin, text: serializeEditionDocument(document) })).ok).toBe(true);
    });
  });

  describe('speakers CSV', () => {
    it('exports the header of the content entities and one row per speaker', async () => {
      const csv = (await exportSpeakersCsv(ctx.db, 'july'))!;
      expect(csv.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
      const parsed = parseSpeakersCsv(csv);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.speakers).toHaveLength((await listSpeakers(ctx.db, await editionId('july'))).length);
    });

    it('prefixes cells a spreadsheet would run as formulas, and the import takes the prefix off', async () => {
      expect(protectCell('=SUM(A1)')).toBe("'=SUM(A1)");
      expect(protectCell('+1')).toBe("'+1");
      expect(protectCell('-x')).toBe("'-x");
      expect(protectCell('@cmd')).toBe("'@cmd");
      expect(protectCell('\tx')).toBe("'\tx");
      expect(protectCell('\rx')).toBe("'\rx");
      expect(protectCell("'=x")).toBe("''=x");
      expect(protectCell('Plain')).toBe('Plain');
      expect(protectCell("It's")).toBe("It's");
      for (const value of ['=SUM(A1)', "'=x", "It's", '-x', 'Plain']) expect(unprotectCell(protectCell(value))).toBe(value);

      const july = await editionId('july');
      await ctx.db.insert(speakers).values({
        editionId: july,
        position: 99,
        firstName: '=HYPERLINK("http://evil.example")',
        lastName: '@Risk',
        day: 2,
        bio: '- a list\n- of things',
        topic: '+Plus',
      });
      const csv = (await exportSpeakersCsv(ctx.db, 'july'))!;
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")",'@Risk`);
      expect(csv).toContain(`"'- a list\n- of things"`);
      expect(csv).toContain(`,'+Plus,`);
    });

    it('imports an exported file in replace mode to the same speakers', async () => {
      const july = await editionId('july');
      const before = await listSpeakers(ctx.db, july);
      const csv = (await exportSpeakersCsv(ctx.db, 'july'))!;
      const result = await importSpeakersCsv({ handle: handle(), admin, slug: 'july', text: csv, mode: 'replace' });
      expect(result).toMatchObject({ ok: true, count: before.length });
      const after = await listSpeakers(ctx.db, july);
      expect(withoutIds(after)).toEqual(withoutIds(before));
      expect(after.find((s) => s.lastName === '@Risk')).toMatchObject({
        firstName: '=HYPERLINK("http://evil.example")',
        bio: '- a list\n- of things',
        topic: '+Plus',
      });
      expect(await exportSpeakersCsv(ctx.db, 'july')).toBe(csv);
      const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: 'import', entityType: 'speakers', summary: `Imported ${before.length} speakers into July` });
    });

    it('adds speakers after the existing ones, mapping booleans, days and empty freebies', async () => {
      const july = await editionId('july');
      const before = await listSpeakers(ctx.db, july);
      const csv = [
        HEADER,
        csvRow({
          firstName: 'Wren',
          lastName: 'Vale',
          day: '1',
          implementationWeek: 'YES',
          freebieTitle: 'A gift',
          freebieDownloadUrl: 'https://example.com/gift.pdf',
        }),
        csvRow({ firstName: 'Noor', day: ' 3 ', implementationWeek: '' }),
        '',
      ].join('\n');
      const result = await importSpeakersCsv({ handle: handle(), admin, slug: 'july', text: csv, mode: 'add' });
      expect(result).toMatchObject({ ok: true, count: 2 });
      const after = await listSpeakers(ctx.db, july);
      expect(after).toHaveLength(before.length + 2);
      const day1 = after.filter((s) => s.day === 1);
      expect(day1.at(-1)).toMatchObject({
        firstName: 'Wren',
        implementationWeek: true,
        pronouns: null,
        freebie: { title: 'A gift', description: '', image: '', downloadUrl: 'https://example.com/gift.pdf' },
      });
      expect(after.filter((s) => s.day === 3).at(-1)).toMatchObject({
        firstName: 'Noor',
        lastName: '',
        implementationWeek: false,
        freebie: null,
      });
      const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ entityType: 'speakers', summary: 'Imported 2 speakers into July' });
    });

    it('imports nothing when one row is wrong, and says which row and field', async () => {
      const july = await editionId('july');
      const before = await listSpeakers(ctx.db, july);
      const csv = [
        HEADER,
        csvRow({ firstName: 'Good', day: '1' }),
        csvRow({ firstName: 'Multi', day: '2', bio: 'two\nlines' }),
        csvRow({ firstName: 'Bad', day: '4' }),
        csvRow({ firstName: '', day: 'two', implementationWeek: 'maybe' }),
      ].join('\r\n');
      const result = await importSpeakersCsv({ handle: handle(), admin, slug: 'july', text: csv, mode: 'replace' });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems).toContain('Row 4, day: Choose day 1, 2 or 3.');
        expect(result.problems).toContain('Row 5, day: Choose day 1, 2 or 3.');
        expect(result.problems).toContain('Row 5, implementationWeek: Use true or false (yes/no and 1/0 work too).');
        expect(result.problems.some((p) => p.startsWith('Row 5, firstName: '))).toBe(true);
        expect(result.problems.some((p) => p.startsWith('Row 2') || p.startsWith('Row 3'))).toBe(false);
      }
      expect(withoutIds(await listSpeakers(ctx.db, july))).toEqual(withoutIds(before));
    });

    it('refuses unknown and missing columns, an empty file and a wrong cell count', () => {
      const header = [...SPEAKER_CSV_COLUMNS.filter((c) => c !== 'bio' && c !== 'day'), 'favouriteColour'].join(',');
      const wrongHeader = parseSpeakersCsv(`${header}\nA\n`);
      expect(wrongHeader.ok).toBe(false);
      if (!wrongHeader.ok) {
        expect(wrongHeader.problems).toContain('Unknown column: favouriteColour.');
        expect(wrongHeader.problems).toContain('Missing columns: bio, day.');
      }
      const empty = parseSpeakersCsv('');
      expect(empty.ok).toBe(false);
      const onlyHeader = parseSpeakersCsv(`${HEADER}\n`);
      expect(onlyHeader.ok).toBe(false);
      const short = parseSpeakersCsv(`${HEADER}\nAda,Lovelace\n`);
      expect(short.ok).toBe(false);
      if (!short.ok) expect(short.problems[0]).toBe('Row 2: it has 2 cells; the header has 21.');
      const tooMany = parseSpeakersCsv([HEADER, ...Array.from({ length: 2001 }, () => csvRow({ firstName: 'A', day: '1' }))].join('\n'));
      expect(tooMany.ok).toBe(false);
    });
  });

  describe('edition data, duplicate and delete', () => {
    it('shows each problem beside its field and saves nothing', async () => {
      const editor = (await loadEditionEditor(ctx.db, 'july'))!;
      const stored = (await readEdition(ctx.db, 'july', { fresh: true }))!;
      const values = {
        ...editor.values,
        name: ' ',
        summitStartDate: '2025-07-20',
        summitEndDate: '2025-07-10',
        timezone: 'Nowhere/Special',
        position: '-1',
        'settings.accessDays': 'thirty',
        'settings.upgrade.aap.name': '',
        'settings.dashboard.bonusCards.1.url': 'x'.repeat(2001),
        'timers.day1.mode': 'live',
        'timers.day1.follows': '',
        'timers.day1.eventStartDate': '',
        'timers.day2.durationDays': '0',
        'timers.day2.durationHours': '0',
        'days.2.title': '',
        'days.3.playerLength': '2:75:00',
      };
      const parsed = parseEditionForm(values, stored);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.errors.name).toEqual(['Enter the edition’s name.']);
      expect(parsed.errors.summitEndDate).toEqual(['The summit cannot end before it starts.']);
      expect(parsed.errors.timezone?.[0]).toMatch(/IANA time zone/);
      expect(parsed.errors.position).toEqual(['Enter a whole number, 0 or more.']);
      expect(parsed.errors['settings.accessDays']).toEqual(['Enter a whole number, 0 or more.']);
      expect(parsed.errors['timers.day1.eventStartDate']).toEqual(['Pick a date and time.']);
      expect(parsed.errors['timers.day2.durationDays']).toEqual(['Give the window a length: days, hours or minutes.']);
      expect(parsed.errors['days.2.title']).toEqual(['Enter a title.']);
      expect(parsed.errors['days.3.playerLength']).toEqual([
        'Write the length as h:mm:ss or m:ss (2:15:30 or 45:30), under 100 hours, or leave it empty to show 45:30.',
      ]);
      expect(parsed.errors['timers.day3.mode']).toBeUndefined();

      // Once the values read, the schema's limits land under their fields, rows included.
      const schemaOnly = parseEditionForm(
        { ...editor.values, 'settings.upgrade.aap.name': '', 'settings.dashboard.bonusCards.1.url': 'x'.repeat(2001) },
        stored,
      );
      expect(schemaOnly.ok).toBe(false);
      if (!schemaOnly.ok) {
        expect(schemaOnly.errors['settings.upgrade.aap.name']).toEqual(['Fill this in.']);
        expect(schemaOnly.errors['settings.dashboard.bonusCards.1.url']).toEqual(['Use at most 2000 characters.']);
      }

      const result = await saveEdition({ handle: handle(), admin, slug: 'july', values });
      expect(result.ok).toBe(false);
      expect((await loadEditionEditor(ctx.db, 'july'))!.values).toEqual(editor.values);
    });

    it('refuses dates that disagree with the summit, one message per field', async () => {
      const editor = (await loadEditionEditor(ctx.db, 'september'))!;
      const values = {
        ...editor.values,
        'settings.retreat.startDate': '2025-09-01',
        'settings.integrationWeek.endDate': '2025-09-20',
        'timers.day2.follows': '',
        'timers.day2.eventStartDate': '2025-09-28T09:00',
        'timers.day2.eventEndDate': '2025-09-28T10:00',
      };
      const result = await saveEdition({ handle: handle(), admin, slug: 'september', values });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors['settings.retreat.startDate']).toEqual([
        'The retreat must start after the summit, which ends on September 25 2025.',
      ]);
      expect(result.errors['settings.integrationWeek.endDate']).toEqual([
        'The integration week cannot end before it starts (September 29 2025).',
      ]);
      expect(result.errors['timers.day2.eventStartDate']).toEqual([
        'Day 2 must open during the summit (September 23-25 2025, Australia/Sydney time).',
      ]);
      expect(result.errors['timers.day2.eventEndDate']).toEqual([
        'Day 2 must close by the end of the summit (September 23-25 2025, Australia/Sydney time).',
      ]);
      expect((await loadEditionEditor(ctx.db, 'september'))!.values).toEqual(editor.values);
    });

    it('saves the edition, its day windows and days together, with an audit entry; following windows move with the summit', async () => {
      const editor = (await loadEditionEditor(ctx.db, 'july'))!;
      expect(editor.values['timers.day1.mode']).toBe('evergreen');
      expect(editor.values['settings.upgrade.replay.price']).toBe('77.00');
      const values = {
        ...editor.values,
        name: 'July Summit',
        position: '5',
        'timers.day1.mode': 'live',
        'timers.day1.follows': 'on',
        'timers.day2.mode': 'live',
        'timers.day2.follows': '',
        'timers.day2.eventStartDate': '2025-07-16T09:00',
        'timers.day2.eventEndDate': '2025-07-17T09:00',
        'settings.upgrade.replay.price': '97',
        'settings.upgrade.aap.price': '297',
        'settings.upgrade.aap.name': 'Golden Pass',
        'settings.dashboard.workshop.startsAt': '2025-07-30T11:30',
        // A form of the previous version still sending a day's episode field: ignored, nothing lost.
        'days.3.episodeDuration': '2:15:30',
        'days.1.subtitle': 'A new subtitle',
        // The length a day without audio shows, kept as h:mm:ss whatever the host typed.
        'days.2.playerLength': ' 75:00 ',
      };
      const result = await saveEdition({ handle: handle(), admin, slug: 'july', values });
      expect(result).toEqual({ ok: true });
      const july = (await readEdition(ctx.db, 'july', { fresh: true }))!;
      expect(july).toMatchObject({ name: 'July Summit', position: 5 });
      expect(july.settings.upgrade).toMatchObject({ replay: { price: 9700 }, aap: { price: 29700, name: 'Golden Pass' } });
      expect(july.settings.upgrade).not.toHaveProperty('priceReading');
      expect(july.settings.dashboard.workshop?.startsAt).toBe('2025-07-30T11:30:00+10:00');
      const timerOf = async (page: 'day1' | 'day2') =>
        (
          await ctx.db
            .select()
            .from(timerConfigs)
            .where(and(eq(timerConfigs.editionId, july.id), eq(timerConfigs.page, page)))
        )[0]?.config;
      expect(await timerOf('day1')).toMatchObject({
        mode: 'live',
        eventStartDate: '2025-07-15T00:00',
        eventEndDate: '2025-07-16T00:00',
        timezone: 'Australia/Sydney',
      });
      const after = (await loadEditionEditor(ctx.db, 'july'))!;
      expect(after.values['timers.day1.follows']).toBe('on');
      expect(after.values['timers.day2.follows']).toBe('');
      expect(after.values['days.1.subtitle']).toBe('A new subtitle');
      expect(after.values['days.2.playerLength']).toBe('1:15:00');
      expect(after.values['days.3.episodeDuration']).toBeUndefined();
      expect(after.values['days.2.title']).toBe(editor.values['days.2.title']);
      const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: 'update', entityType: 'editions', entityId: String(july.id) });

      // Moving the summit a day earlier moves the following day 1; day 2 was set by hand and stays, so it must fit the new dates.
      const earlier = { ...after.values, summitStartDate: '2025-07-14', summitEndDate: '2025-07-16' };
      const refused = await saveEdition({ handle: handle(), admin, slug: 'july', values: earlier });
      expect(refused).toEqual({
        ok: false,
        errors: { 'timers.day2.eventEndDate': ['Day 2 must close by the end of the summit (July 14-16 2025, Australia/Sydney time).'] },
      });
      const moved = await saveEdition({
        handle: handle(),
        admin,
        slug: 'july',
        values: { ...earlier, 'timers.day2.eventEndDate': '2025-07-16T21:00' },
      });
      expect(moved).toEqual({ ok: true });
      expect(await timerOf('day1')).toMatchObject({ eventStartDate: '2025-07-14T00:00', eventEndDate: '2025-07-15T00:00' });
      expect(await timerOf('day2')).toMatchObject({ eventStartDate: '2025-07-16T09:00', eventEndDate: '2025-07-16T21:00' });
    });

    it('duplicates an edition into a new slug with all its content', async () => {
      const duplicate = (values: { source: string; slug: string; name: string }) =>
        duplicateEdition({ handle: handle(), admin, values: { ...values, confirmed: true }, now: new Date() });
      const result = await duplicate({ source: 'september', slug: 'september-copy', name: 'September Copy' });
      expect(result).toEqual({ ok: true, slug: 'september-copy' });
      const source = (await readEditionDocument(ctx.db, 'september'))!;
      const copy = (await readEditionDocument(ctx.db, 'september-copy'))!;
      expect(copy.edition).toMatchObject({ slug: 'september-copy', name: 'September Copy' });
      expect(copy.edition.position).toBeGreaterThan(source.edition.position);
      const { edition: _a, ...sourceContent } = source;
      const { edition: _b, ...copyContent } = copy;
      expect(copyContent).toEqual(sourceContent);
      expect(copy.edition.settings).toEqual(source.edition.settings);

      const taken = await duplicate({ source: 'september', slug: 'september-copy', name: 'Again' });
      expect(taken).toMatchObject({ ok: false, errors: { slug: ['There is already an edition with the slug “september-copy”.'] } });
      const invalid = await duplicate({ source: 'nowhere', slug: 'Bad Slug', name: '' });
      expect(invalid.ok).toBe(false);
      if (!invalid.ok && 'errors' in invalid) expect(Object.keys(invalid.errors).sort()).toEqual(['name', 'slug', 'source']);
      else expect.unreachable('the form has errors');
      const reserved = await duplicate({ source: 'september', slug: 'admin', name: 'Admin' });
      expect(reserved.ok).toBe(false);
    });

    it('refuses to delete an edition with registrants, and deletes one without', async () => {
      const refused = await deleteEdition({ handle: handle(), admin, slug: 'august', confirmation: 'august' });
      expect(refused).toMatchObject({ ok: false, status: 409 });
      if (!refused.ok) expect(refused.message).toMatch(/cannot be deleted while it has registrants/);
      expect(await readEdition(ctx.db, 'august', { fresh: true })).not.toBeNull();

      const unconfirmed = await deleteEdition({ handle: handle(), admin, slug: 'september-copy', confirmation: 'september' });
      expect(unconfirmed).toMatchObject({ ok: false, status: 422 });
      expect(await readEdition(ctx.db, 'september-copy', { fresh: true })).not.toBeNull();

      const sessionId = randomUUID();
      await ctx.db.insert(userSessions).values({ sessionId, pageType: 'september-copy_day1' });
      const copyId = await editionId('september-copy');
      const deleted = await deleteEdition({ handle: handle(), admin, slug: 'september-copy', confirmation: 'september-copy' });
      expect(deleted).toEqual({ ok: true, name: 'September Copy' });
      expect(await readEdition(ctx.db, 'september-copy', { fresh: true })).toBeNull();
      expect(await listSpeakers(ctx.db, copyId)).toEqual([]);
      expect(await ctx.db.select().from(userSessions).where(eq(userSessions.sessionId, sessionId))).toEqual([]);
      expect(await ctx.db.select().from(editions).where(eq(editions.id, copyId))).toEqual([]);
      const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: 'delete', entityType: 'editions', entityId: String(copyId) });
    });
  });
});

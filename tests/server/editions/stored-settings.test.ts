import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { readStoredSettings } from '../../../src/domain/edition-settings/read-settings.ts';
import { SETTINGS_VERSION } from '../../../src/domain/edition-settings/schema.ts';
import { presetPasses } from '../../../src/domain/offers.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { editions } from '../../../src/server/db/schema.ts';
import { loadEditionEditor } from '../../../src/server/editions/edition-admin-queries.ts';
import { saveEdition } from '../../../src/server/editions/edition-commands.ts';
import { listEditions } from '../../../src/server/editions/edition-queries.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { tierNamesOfEdition } from '../../../src/server/payments/pass-names.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { useLogLines } from '../../support/log-lines.ts';
import { OLDER_SETTINGS } from '../../support/older-settings.ts';

describeEachDatabase('edition settings as stored by earlier releases', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const logged = useLogLines('warn');
  let admin: AdminUser;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('editor@example.com')!, 'a long enough password');
    admin = { id, email: 'editor@example.com', phone: null };
  });
  beforeEach(() => invalidateContent());

  /** Puts a document in july's row as an earlier release (or a hand edit) left it. */
  async function store(settings: unknown): Promise<void> {
    await ctx.db.update(editions).set({ settings }).where(eq(editions.slug, 'july'));
    invalidateContent();
  }
  const storedRow = async () => (await ctx.db.select({ settings: editions.settings }).from(editions).where(eq(editions.slug, 'july')))[0]!;

  it('reads every older shape as the current document, wherever the settings are read', async () => {
    for (const [name, stored] of Object.entries(OLDER_SETTINGS)) {
      await store(stored);
      const expected = readStoredSettings(stored, () => {
        throw new Error(`${name} needed the fallback`);
      }).settings;
      expect((await readEdition(ctx.db, 'july', { fresh: true }))?.settings, name).toEqual(expected);
      expect((await readEdition(ctx.db, 'july'))?.settings.version, name).toBe(SETTINGS_VERSION);
      expect((await listEditions(ctx.db)).find((edition) => edition.slug === 'july')?.settings, name).toEqual(expected);
      expect((await tierNamesOfEdition(ctx.db, 'july')).aap, name).toBe(expected.upgrade.aap.name);
      expect((await loadEditionEditor(ctx.db, 'july'))?.settingsProblems, name).toEqual([]);
    }
  });

  it('shows a price reading’s passes in the form, and saving writes the current version', async () => {
    await store(OLDER_SETTINGS.priceReadingB);
    const editor = (await loadEditionEditor(ctx.db, 'july'))!;
    expect(editor.values['settings.upgrade.aap.price']).toBe('297.00');
    expect(editor.values['settings.offer.minutes']).toBe('15');
    expect(await saveEdition({ handle: ctx.handle, admin, slug: 'july', values: editor.values })).toEqual({ ok: true });
    const { settings } = await storedRow();
    expect(settings).toMatchObject({ version: SETTINGS_VERSION, upgrade: { aap: presetPasses('b').aap }, feedEnded: null });
    expect(settings).not.toHaveProperty('upgrade.priceReading');
  });

  it('reads a document that does not validate with the defaults in place of its broken parts, logs it and tells the admin', async () => {
    const broken = { ...OLDER_SETTINGS.formSaved, retreat: { startDate: 'next spring' }, sponsorshipEmail: 42 };
    await store(broken);
    const edition = (await readEdition(ctx.db, 'july'))!;
    expect(edition.settings.upgrade.aap.name).toBe('Harbour Pass');
    // The unreadable retreat is the defaults' (a new edition's: none), never a half-read one.
    expect(edition.settings.retreat).toBeNull();
    expect(logged.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        edition: 'july',
        problems: expect.arrayContaining([expect.stringMatching(/^retreat\./)]),
      }),
    );
    const editor = (await loadEditionEditor(ctx.db, 'july'))!;
    expect(editor.settingsProblems).toEqual([
      expect.stringMatching(/^retreat\.startDate: /),
      expect.stringMatching(/^retreat\.endDate: /),
      expect.stringMatching(/^retreat\.cardEndDate: /),
      expect.stringMatching(/^sponsorshipEmail: /),
    ]);
    // Saving the form stores a valid document again.
    const values = { ...editor.values, 'settings.sponsorshipEmail': 'sponsors@july.example.com' };
    expect(await saveEdition({ handle: ctx.handle, admin, slug: 'july', values })).toEqual({ ok: true });
    expect((await loadEditionEditor(ctx.db, 'july'))?.settingsProblems).toEqual([]);
  });
});

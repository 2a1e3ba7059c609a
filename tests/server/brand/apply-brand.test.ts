import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { brandConfigSchema, resolveSiteBrand } from '../../../src/domain/brand.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { applySiteBrand, BRAND_APPLY_MAX_BYTES, handleApplyBrand, loadAppliedBrand } from '../../../src/server/brand/apply-brand.ts';
import { auditLog, brandConfigs } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('applying a brand to the site', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  const notified: string[] = [];
  const handle = () => ({ ...ctx.handle, notify: async (channel: string) => void notified.push(channel) });

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('brand-admin@example.com')!, 'a long enough password');
    admin = { id, email: 'brand-admin@example.com', phone: null };
  });

  const activeRows = () => ctx.db.select().from(brandConfigs).where(eq(brandConfigs.isActive, true));
  const brandAudit = () => ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'brand')).orderBy(asc(auditLog.id));
  /** What the site reads: the active row through the schema, over the defaults (as loadSiteBrand does). */
  const siteBrand = async () => {
    const [row] = await activeRows();
    return resolveSiteBrand(row ? brandConfigSchema.parse(row.config) : null);
  };
  const post = (body: unknown, init: { contentType?: string; raw?: string } = {}) =>
    new Request('http://localhost/api/admin/brand', {
      method: 'POST',
      headers: { 'content-type': init.contentType ?? 'application/json', origin: 'http://localhost' },
      body: init.raw ?? JSON.stringify(body),
    });

  it('applies a valid brand: the only active row, read back by the site, with one audit entry', async () => {
    const auditBefore = (await brandAudit()).length;
    const brand = {
      summitName: 'Soul Sound Summit',
      primaryColor: '#123ABC',
      socialLinks: { instagram: 'https://instagram.com/soulsound' },
    };
    const response = await handleApplyBrand(post({ brand }), admin, handle());
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; id: number };
    expect(answer).toEqual({ ok: true, id: expect.any(Number) });

    const active = await activeRows();
    expect(active).toHaveLength(1);
    expect(active[0]!.id).toBe(answer.id);
    expect(active[0]!.config).toEqual(brandConfigSchema.parse(brand));

    const site = await siteBrand();
    expect(site.summitName).toBe('Soul Sound Summit');
    expect(site.css).toContain('--brand-primary:#123ABC');
    expect(site.socialLinks).toEqual([{ label: 'Instagram', url: 'https://instagram.com/soulsound' }]);

    const audit = await brandAudit();
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({
      action: 'apply',
      entityType: 'brand',
      entityId: String(answer.id),
      actorId: admin.id,
      actorLabel: 'brand-admin@example.com',
      summary: 'Applied the brand “Soul Sound Summit”',
      details: brandConfigSchema.parse(brand),
    });
    expect(notified).toContain('summit_content_changed');

    const applied = await loadAppliedBrand(ctx.db);
    expect(applied).toMatchObject({ id: answer.id, config: { summitName: 'Soul Sound Summit' } });
    expect(applied?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an invalid brand with the path messages and changes nothing', async () => {
    const before = await activeRows();
    const auditBefore = (await brandAudit()).length;
    const response = await handleApplyBrand(
      post({ brand: { primaryColor: 'purple', websiteUrl: 'javascript:alert(1)', socialLinks: { twitter: 'javascript:alert(1)' } } }),
      admin,
      handle(),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error.split('; ')).toEqual([
      'primaryColor: Use a colour like #8B5CF6 (a # and six hexadecimal digits).',
      'websiteUrl: The website URL must start with https:// (or http://).',
      'socialLinks.twitter: The Twitter link must start with https:// (or http://).',
    ]);
    expect(await activeRows()).toEqual(before);
    expect(await brandAudit()).toHaveLength(auditBefore);
  });

  it('applying twice leaves exactly one active configuration, the latest', async () => {
    const first = await applySiteBrand(handle(), admin, { summitName: 'First' });
    const second = await applySiteBrand(handle(), admin, {});
    expect(first.ok && second.ok).toBe(true);
    const active = await activeRows();
    expect(active).toHaveLength(1);
    expect(active[0]!.id).toBe(second.ok ? second.id : -1);
    expect((await siteBrand()).summitName).toBe('The Sacred Business Audio Summit');
    expect((await brandAudit()).at(-1)?.summary).toBe('Applied the brand “default name”');
  });

  it('keeps one active configuration when admins apply at the same time', async () => {
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((summitName) => applySiteBrand(handle(), admin, { summitName })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await activeRows()).toHaveLength(1);
  });

  it('answers 401 without an admin, and refuses bodies that are not a JSON brand', async () => {
    const count = (await ctx.db.select().from(brandConfigs)).length;
    expect((await handleApplyBrand(post({ brand: {} }), null, handle())).status).toBe(401);
    expect((await handleApplyBrand(post({ brand: {} }, { contentType: 'text/plain' }), admin, handle())).status).toBe(415);
    expect((await handleApplyBrand(post(null, { raw: '{"brand":' }), admin, handle())).status).toBe(400);
    expect((await handleApplyBrand(post({ summitName: 'No wrapper' }), admin, handle())).status).toBe(400);
    const huge = { brand: { hostBio: 'x'.repeat(BRAND_APPLY_MAX_BYTES) } };
    expect((await handleApplyBrand(post(huge), admin, handle())).status).toBe(413);
    expect((await ctx.db.select().from(brandConfigs)).length).toBe(count);
  });
});

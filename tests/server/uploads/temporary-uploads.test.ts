import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { applySiteBrand } from '../../../src/server/brand/apply-brand.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { uploadedFiles } from '../../../src/server/db/schema.ts';
import { storeImage } from '../../../src/server/uploads/store-image.ts';
import { localFolderStorage } from '../../../src/server/uploads/upload-storage.ts';
import { uploadLogo } from '../../../src/server/uploads/logo-upload.ts';
import { QUOTA_FULL, sweepExpiredUploads, temporaryBytes } from '../../../src/server/uploads/temporary-uploads.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

/** Anonymous uploads (the public brand page) expire unless applied, within a total quota. */
describeEachDatabase('temporary uploads', (database) => {
  const ctx = useTestDatabase(database);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-uploads-'));
  const storage = localFolderStorage(root);
  let admin: AdminUser;
  let png: Buffer;
  let address = 0;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('uploads-admin@example.com')!, 'a long enough password');
    admin = { id, email: 'uploads-admin@example.com', phone: null };
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  async function upload(policy = { quotaBytes: 10 * 1024 * 1024, expiryMs: 3600_000, perMinute: 20 }, byAdmin = false) {
    const form = new FormData();
    form.set('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const body = new Response(form);
    const bytes = Buffer.from(await body.arrayBuffer());
    const request = new Request('http://localhost/api/uploads/logo', {
      method: 'POST',
      headers: { 'content-type': body.headers.get('content-type')!, 'content-length': String(bytes.length) },
      body: bytes,
    });
    return uploadLogo({ request, address: `203.0.113.${++address}`, db: ctx.db, storage, policy, byAdmin });
  }
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const rowOf = async (url: string) =>
    (
      await ctx.db
        .select()
        .from(uploadedFiles)
        .where(eq(uploadedFiles.storageKey, keyOf(url)))
    )[0];

  it('stores an anonymous upload with an expiry, and the sweep removes the file and its row once expired', async () => {
    const before = Date.now();
    const response = await upload();
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const row = await rowOf(url);
    expect(row!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(fs.existsSync(path.join(root, keyOf(url)))).toBe(true);

    expect(await sweepExpiredUploads(ctx.db, storage, new Date(before + 60_000))).toBe(0);
    expect(await sweepExpiredUploads(ctx.db, storage, new Date(before + 3600_000 + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await rowOf(url)).toBeUndefined();
    expect(fs.existsSync(path.join(root, keyOf(url)))).toBe(false);
  });

  it('keeps the upload an admin applies as the site brand', async () => {
    const { url } = (await (await upload()).json()) as { url: string };
    const { url: other } = (await (await upload()).json()) as { url: string };
    expect((await applySiteBrand({ ...ctx.handle, notify: async () => {} }, admin, { logoFile: url })).ok).toBe(true);
    expect((await rowOf(url))!.expiresAt).toBeNull();
    await sweepExpiredUploads(ctx.db, storage, new Date(Date.now() + 2 * 3600_000));
    expect(fs.existsSync(path.join(root, keyOf(url)))).toBe(true);
    expect(await rowOf(other)).toBeUndefined();
  });

  it('refuses uploads past the total quota of unexpired anonymous uploads, with a message', async () => {
    const quota = { quotaBytes: png.length * 2, expiryMs: 3600_000, perMinute: 20 };
    expect((await upload(quota)).status).toBe(201);
    expect((await upload(quota)).status).toBe(201);
    const full = await upload(quota);
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ error: QUOTA_FULL });
    // Anonymous uploads filling the quota do not stop a signed-in admin from uploading a logo
    // (the admin's brand page uploads here too); the admin's upload is temporary all the same.
    const before = Date.now();
    const byAdmin = await upload(quota, true);
    expect(byAdmin.status).toBe(201);
    const row = await rowOf(((await byAdmin.json()) as { url: string }).url);
    expect(row!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
  });

  it('keeps the quota when uploads arrive together: as many are stored as fit, the rest are refused', async () => {
    await sweepExpiredUploads(ctx.db, storage, new Date(Date.now() + 2 * 3600_000));
    const quota = { quotaBytes: png.length * 2, expiryMs: 3600_000, perMinute: 20 };
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(quota)));
    expect(answers.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([201, 201, 503, 503, 503, 503]);
    expect(await temporaryBytes(ctx.db)).toBe(png.length * 2);
  });

  it('records no file when the storage fails, and lets the error through', async () => {
    const failing = { ...storage, put: async () => Promise.reject(new Error('disk full')) };
    const file = new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' });
    const before = (await ctx.db.select().from(uploadedFiles)).length;
    await expect(storeImage({ db: ctx.db, storage: failing, folder: 'brands', file })).rejects.toThrow('disk full');
    expect((await ctx.db.select().from(uploadedFiles)).length).toBe(before);
  });
});

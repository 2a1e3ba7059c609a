/**
 * Applying a brand configuration to the site (POST /api/admin/brand) and reading the applied
 * one back for /admin/brand. Applying writes the new active row and its audit entry in one
 * transaction, then announces the change so every app process shows the brand on its next
 * request: no rebuild, no restart.
 */
import { eq, sql } from 'drizzle-orm';
import { brandConfigSchema, describeBrandProblems, type BrandConfig } from '../../domain/brand.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { brandConfigs } from '../db/schema.ts';
import { BodyError, readJsonObject } from '../http/body.ts';
import { json, jsonError } from '../http/responses.ts';
import { writeContent } from '../audit/content-write.ts';
import { keepUploads } from '../uploads/temporary-uploads.ts';
import { BODY_LIMITS } from '../../domain/body-limits.ts';

/** A brand configuration is a few kilobytes; the form's own limits keep it well under this. */
export const BRAND_APPLY_MAX_BYTES = BODY_LIMITS.brandApply.bytes;

/** How many validation problems an answer lists. */
const MAX_PROBLEMS = 5;

export type ApplyBrandResult = { ok: true; id: number } | { ok: false; problems: string[] };

/**
 * Validates the configuration and makes it the site's brand (one active at a time), with the
 * audit entry in the same transaction. Nothing changes when it is invalid.
 */
export async function applySiteBrand(handle: DbHandle, admin: AdminUser, input: unknown): Promise<ApplyBrandResult> {
  const parsed = brandConfigSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: describeBrandProblems(parsed.error) };
  const config = parsed.data;

  const id = await writeContent(handle, admin, async (tx) => {
    // Two admins applying at once would both deactivate the old row and then collide on the
    // one-active index; this lock (which readers never wait for) makes them take turns.
    await tx.execute(sql`lock table ${brandConfigs} in share row exclusive mode`);
    await tx.update(brandConfigs).set({ isActive: false, updatedAt: new Date() }).where(eq(brandConfigs.isActive, true));
    const [row] = await tx.insert(brandConfigs).values({ config, isActive: true }).returning({ id: brandConfigs.id });
    const newId = row!.id;
    // The logo the admin applies stays; other anonymous uploads still expire.
    await keepUploads(tx, config);
    return {
      result: newId,
      audit: {
        action: 'apply',
        entityType: 'brand',
        entityId: newId,
        summary: `Applied the brand “${config.summitName || 'default name'}”`,
        details: config,
      },
    };
  });
  return { ok: true, id };
}

/** POST /api/admin/brand with `{ brand: <configuration> }`: 200 `{ ok: true, id }` or `{ error }`. */
export async function handleApplyBrand(request: Request, admin: AdminUser | null, handle: DbHandle): Promise<Response> {
  // The guard already refuses requests without a session; this is the second lock on the door.
  if (!admin) return jsonError(401, 'Sign in to the admin first.');
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request, BRAND_APPLY_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return jsonError(error.status, error.message);
    throw error;
  }
  if (typeof body.brand !== 'object' || body.brand === null || Array.isArray(body.brand)) {
    return jsonError(400, 'Send the brand configuration as {"brand": {…}}.');
  }
  const result = await applySiteBrand(handle, admin, body.brand);
  if (!result.ok) return jsonError(400, result.problems.slice(0, MAX_PROBLEMS).join('; '));
  return json(200, { ok: true, id: result.id });
}

export interface AppliedBrand {
  id: number;
  createdAt: Date;
  /** The stored configuration, parsed; null when it no longer passes the schema. */
  config: BrandConfig | null;
  /** The stored configuration as it is, for showing an invalid one with its problems. */
  raw: Record<string, unknown>;
}

/** The configuration the site uses now, or null when the site shows its defaults. */
export async function loadAppliedBrand(db: Database): Promise<AppliedBrand | null> {
  const [row] = await db
    .select({ id: brandConfigs.id, config: brandConfigs.config, createdAt: brandConfigs.createdAt })
    .from(brandConfigs)
    .where(eq(brandConfigs.isActive, true))
    .limit(1);
  if (!row) return null;
  const parsed = brandConfigSchema.safeParse(row.config);
  return { id: row.id, createdAt: row.createdAt, config: parsed.success ? parsed.data : null, raw: row.config };
}

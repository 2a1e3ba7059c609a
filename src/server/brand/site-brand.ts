/**
 * The site's brand: the active brand configuration (applied by an admin) over the defaults.
 * Read by every page, so it is cached; applying a new one (src/server/brand/apply-brand.ts)
 * is announced to every app process, which drop their caches.
 */
import { eq } from 'drizzle-orm';
import { brandConfigSchema, resolveSiteBrand, type BrandConfig, type SiteBrand } from '../../domain/brand.ts';
import { cached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { brandConfigs } from '../db/schema.ts';
import { log } from '../log.ts';

const BRAND_TTL_MS = 10_000;

async function loadActiveConfig(db: Database): Promise<BrandConfig | null> {
  const [row] = await db.select({ config: brandConfigs.config }).from(brandConfigs).where(eq(brandConfigs.isActive, true)).limit(1);
  if (!row) return null;
  const parsed = brandConfigSchema.safeParse(row.config);
  if (!parsed.success) {
    log.error({ issues: parsed.error.issues.length }, 'the active brand configuration is invalid; using the defaults');
    return null;
  }
  return parsed.data;
}

/** The brand stored in this database (the mail worker, which has its own handle), uncached. */
export async function siteBrandFrom(db: Database): Promise<SiteBrand> {
  return resolveSiteBrand(await loadActiveConfig(db));
}

/** The brand as this process last read it, for when the database cannot be read (decision 0024). */
let lastRead: SiteBrand | null = null;

/**
 * Never fails: with no database, the brand as this process last read it, else the defaults (what a
 * fresh install shows); `degraded` says the brand was not read now. A broken configuration gives
 * the defaults too (not degraded: that is what the database says).
 */
export async function loadSiteBrandState(): Promise<{ brand: SiteBrand; degraded: boolean }> {
  try {
    const { db } = await getDatabase();
    const brand = await cached('site-brand', BRAND_TTL_MS, async () => resolveSiteBrand(await loadActiveConfig(db)));
    lastRead = brand;
    return { brand, degraded: false };
  } catch (error) {
    log.error(
      { err: error },
      lastRead ? 'brand could not be loaded; using the one read last' : 'brand could not be loaded; using the defaults',
    );
    return { brand: lastRead ?? resolveSiteBrand(null), degraded: true };
  }
}

/** Never fails: see loadSiteBrandState. */
export async function loadSiteBrand(): Promise<SiteBrand> {
  return (await loadSiteBrandState()).brand;
}

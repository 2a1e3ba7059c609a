/**
 * What /admin/brand opens on: the applied configuration, or the defaults while the site has none.
 * An applied configuration that no longer passes the schema is shown as stored, with its problems.
 */
import { defaultBrandConfig, type BrandConfigInput } from '../../domain/brand.ts';
import type { Database } from '../db/client.ts';
import { getStorage } from '../uploads/upload-storage.ts';
import { loadAppliedBrand } from './apply-brand.ts';

export async function loadBrandScreen(db: Database) {
  const applied = await loadAppliedBrand(db);
  const initialConfig: BrandConfigInput = applied ? (applied.config ?? (applied.raw as BrandConfigInput)) : defaultBrandConfig();
  const summary = applied
    ? {
        id: applied.id,
        createdAt: applied.createdAt.toISOString(),
        name: applied.config?.summitName || 'default name',
        valid: applied.config !== null,
      }
    : null;
  return { storageName: getStorage().name, initialConfig, applied: summary };
}

/**
 * The from-scratch edition of tests/support/tidewater-edition.ts, created through "New edition"
 * itself (createEdition: the form's checks, its audit entry), for the server suites.
 */
import { eq } from 'drizzle-orm';
import type { AdminUser } from '../../src/server/auth/accounts.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { editions } from '../../src/server/db/schema.ts';
import { createEdition } from '../../src/server/editions/new-edition.ts';
import { configureTidewater, TIDEWATER } from './tidewater-edition.ts';

export { BUNDLE, DAY_STARTS, STUDIO, TIDEWATER, tidewaterAdmin } from './tidewater-edition.ts';

/** Creates the edition by the "New edition" code and sets its passes, currency and language; its id. */
export async function createTidewater(handle: DbHandle, admin: AdminUser): Promise<{ id: number; slug: string }> {
  const created = await createEdition(handle, admin, TIDEWATER);
  if (!created.ok) throw new Error(`New edition refused: ${JSON.stringify(created.errors)}`);
  const [row] = await handle.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, TIDEWATER.slug));
  await configureTidewater(handle, row!.id);
  return { id: row!.id, slug: TIDEWATER.slug };
}

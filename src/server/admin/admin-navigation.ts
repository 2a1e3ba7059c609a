/** What every admin screen needs around it: the editions for the navigation. */
import type { AdminNavEdition } from '../../domain/admin.ts';
import { listEditions } from '../editions/edition-queries.ts';
import type { Database } from '../db/client.ts';

export async function adminNavigation(db: Database): Promise<AdminNavEdition[]> {
  return (await listEditions(db)).map(({ slug, name }) => ({ slug, name }));
}

/**
 * /admin/remove-demo as one form outcome: the demo editions with what goes with them and a link to
 * export each first; a POST removes them (./remove-demo.ts) and goes to the admin's home, or shows
 * the screen again with why it was refused and what was typed.
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editions, episodes, registrants } from '../db/schema.ts';
import { findHomeEdition } from '../editions/home-edition.ts';
import { redirectTo, show } from '../http/page-outcome.ts';
import { DEMO_EDITION_SLUGS } from '../../content/demo-editions.ts';
import { removeDemo } from './remove-demo.ts';
import { REMOVE_DEMO_CONFIRMATION, type DemoEditionRow, type RemoveDemoState } from '../../domain/admin-home/demo-removal.ts';

async function demoRows(db: Database): Promise<DemoEditionRow[]> {
  const [rows, home] = await Promise.all([
    db
      .select({ id: editions.id, slug: editions.slug, name: editions.name })
      .from(editions)
      .where(inArray(editions.slug, [...DEMO_EDITION_SLUGS]))
      .orderBy(editions.position, editions.id),
    findHomeEdition(db),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const [[people], [audio]] = await Promise.all([
        db.select({ n: count() }).from(registrants).where(eq(registrants.editionId, row.id)),
        db.select({ n: count() }).from(episodes).where(eq(episodes.editionId, row.id)),
      ]);
      return {
        slug: row.slug,
        name: row.name,
        registrants: Number(people?.n ?? 0),
        episodes: Number(audio?.n ?? 0),
        onHomePage: row.id === home?.id,
      };
    }),
  );
}

export async function removeDemoScreen({ handle, admin, request }: { handle: DbHandle; admin: AdminUser; request: Request }) {
  let confirmation = '';
  let problem: string | undefined;
  let status = 200;
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    confirmation = String(form?.get('confirm') ?? '').slice(0, 100);
    const result = form
      ? await removeDemo({ handle, admin, confirmation })
      : { ok: false as const, status: 422 as const, message: 'The form could not be read. Please try again.' };
    if (result.ok) return redirectTo('/admin?removed=demo');
    problem = result.message;
    status = result.status;
  }
  const state: RemoveDemoState = {
    demos: await demoRows(handle.db),
    confirmationText: REMOVE_DEMO_CONFIRMATION,
    confirmation,
    ...(problem ? { problem } : {}),
  };
  return show(state, status);
}

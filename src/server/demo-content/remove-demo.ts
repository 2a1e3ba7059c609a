/**
 * "Remove the demo" (docs/PRODUCT.md "Admin"): the three demo editions with their people, episodes
 * and audio, and their registrants, in one transaction and one audit entry. Each registrant is
 * erased as the admin erases one (registrant.erased leaves for the webhooks and list tools).
 * Refused while the home page shows a demo edition, and until the host types the confirmation.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import { deleteEditionRow } from '../editions/edition-commands.ts';
import { findHomeEdition } from '../editions/home-edition.ts';
import { eraseRegistrantIn } from '../registrants/registrant-admin.ts';
import { removeUnusedAudio } from '../episodes/unused-audio.ts';
import { forgetFeedKeys } from '../feed/feed-access.ts';
import { plural } from '../../domain/wording.ts';
import { DEMO_EDITION_SLUGS } from '../../content/demo-editions.ts';
import { REMOVE_DEMO_CONFIRMATION } from '../../domain/admin-home/demo-removal.ts';

export type RemoveDemoResult = { ok: true; message: string } | { ok: false; status: 409 | 422; message: string };
type Removed = Exclude<RemoveDemoResult, { ok: true }> | { ok: true; message: string; audioKeys: (string | null)[] };

export async function removeDemo({
  handle,
  admin,
  confirmation,
}: {
  handle: DbHandle;
  admin: AdminUser;
  confirmation: string;
}): Promise<RemoveDemoResult> {
  const outcome = await writeContent(handle, admin, async (tx): Promise<WriteOutcome<Removed>> => {
    const demos = await tx
      .select({ id: editions.id, slug: editions.slug, name: editions.name })
      .from(editions)
      .where(inArray(editions.slug, [...DEMO_EDITION_SLUGS]))
      .orderBy(asc(editions.id))
      .for('update');
    if (demos.length === 0) return unchanged({ ok: false, status: 409, message: 'The demo editions are already gone.' });
    const home = await findHomeEdition(tx);
    const shown = demos.find((demo) => demo.id === home?.id);
    if (shown)
      return unchanged({
        ok: false,
        status: 409,
        message: `The home page shows ${shown.name}, a demo edition. Show your own edition on the home page first (All editions → Show on the home page).`,
      });
    if (confirmation.trim().toLowerCase() !== REMOVE_DEMO_CONFIRMATION)
      return unchanged({ ok: false, status: 422, message: `Type “${REMOVE_DEMO_CONFIRMATION}” to confirm.` });
    let erased = 0;
    const audioKeys: (string | null)[] = [];
    for (const demo of demos) {
      const people = await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.editionId, demo.id));
      for (const person of people) if ((await eraseRegistrantIn(tx, { admin, editionId: demo.id, id: person.id })).ok) erased++;
      audioKeys.push(...(await deleteEditionRow(tx, demo)));
    }
    const names = demos.map((demo) => demo.name).join(', ');
    const summary = `Removed the demo: ${names}, with ${plural(erased, 'registrant')} and ${plural(audioKeys.length, 'episode')}`;
    return {
      result: { ok: true, message: `${summary}.`, audioKeys },
      audit: {
        action: 'delete',
        entityType: 'editions',
        entityId: null,
        summary,
        details: { slugs: demos.map((demo) => demo.slug), registrants: erased },
      },
    };
  });
  if (!outcome.ok) return outcome;
  // Once committed: a rolled-back removal keeps its files and its feed keys.
  await removeUnusedAudio(handle.db, outcome.audioKeys);
  forgetFeedKeys();
  return { ok: true, message: outcome.message };
}

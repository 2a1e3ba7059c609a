/**
 * The server side of the admin's catalogue screens (API tokens, webhooks, e-mail lists), which
 * the shared CatalogueScreen draws: a POST's `action` read against the screen's own list (an
 * unknown one is refused, never a 500), run, and the screen shown again with what it did (422 when
 * refused) and the editions an item may be for.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { DbHandle } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { postedAction, show, type PageOutcome } from '../http/page-outcome.ts';
import { adminNavigation } from './admin-navigation.ts';

/** What every catalogue action answers: a notice, or a refusal; a screen adds its own (a secret shown once, the form as typed). */
export interface ScreenOutcome {
  message?: string;
  problem?: string;
}

export type CatalogueState<State> = State & { editions: AdminNavEdition[]; message: string | undefined; problem: string | undefined };

interface CatalogueScreenSpec<Action extends string, Outcome extends ScreenOutcome, State> {
  actions: z.ZodType<Action>;
  act: (action: Action, form: FormData) => Promise<Outcome>;
  /** Runs after an action was done, not refused (the outbound worker woken for a send). */
  afterAction?: () => void;
  /** The screen's own state, from what the last action did (nothing on a GET). */
  state: (outcome: Partial<Outcome>) => Promise<State>;
}

export async function catalogueScreen<Action extends string, Outcome extends ScreenOutcome, State>(
  { handle, request }: { handle: DbHandle; request: Request },
  spec: CatalogueScreenSpec<Action, Outcome, State>,
): Promise<PageOutcome<CatalogueState<State>>> {
  const posted = await postedAction(request, async (form): Promise<Outcome | ScreenOutcome> => {
    const action = spec.actions.safeParse(form.get('action'));
    return action.success ? spec.act(action.data, form) : { problem: 'Unknown action.' };
  });
  if (posted.acted) spec.afterAction?.();
  // Every screen's own outcome fields are optional, so a refusal or a GET's empty outcome is one of them.
  const outcome = posted.outcome as Partial<Outcome>;
  return show(
    {
      ...(await spec.state(outcome)),
      editions: await adminNavigation(handle.db),
      message: outcome.message,
      problem: outcome.problem,
    },
    posted.status,
  );
}

/** The item a row's action is about: a positive whole number, or null. */
export function postedId(form: FormData): number | null {
  const id = Number(form.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** An edition's id as the inputs' own checks read it: '' for every edition, 'unknown' for a slug no edition has. */
export async function editionIdOf(handle: DbHandle, slug: string): Promise<string> {
  if (!slug) return '';
  const [row] = await handle.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, slug));
  // An unknown edition is refused at its field by the input's own check.
  return row ? String(row.id) : 'unknown';
}

/** Each edition's slug by its id, for lists that name an item's edition. */
export async function editionSlugs(handle: DbHandle): Promise<Map<number, string>> {
  return new Map((await handle.db.select({ id: editions.id, slug: editions.slug }).from(editions)).map((e) => [e.id, e.slug]));
}

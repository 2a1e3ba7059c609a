/**
 * A token limited to one edition sees only that edition (docs/decisions/0060): another edition's
 * slug or registrant is answered as if it did not exist (404), and a write naming another edition
 * is refused (403).
 */
import type { Edition } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { ApiProblem } from './operation.ts';
import type { ApiToken } from './tokens.ts';

export const mayUseEdition = (token: ApiToken, editionId: number): boolean => token.editionId === null || token.editionId === editionId;

/**
 * The edition of the slug as this token may see it. Otherwise a problem at `pointer` (where the slug
 * was given): 404 for a path or query, 422 for a body field (`write`), 403 for a body naming an
 * edition the token may not use.
 */
export async function editionOfToken(
  db: Database,
  { token, slug, pointer, write = false }: { token: ApiToken; slug: string; pointer: string; write?: boolean },
): Promise<Edition> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (edition && !mayUseEdition(token, edition.id)) {
    if (write)
      throw new ApiProblem(403, `This token may only use the edition “${token.editionSlug ?? ''}”.`, [
        { pointer, detail: 'Another edition.' },
      ]);
    throw new ApiProblem(404, `No edition has the slug “${slug}”.`, [{ pointer, detail: 'No such edition.' }]);
  }
  if (!edition) throw new ApiProblem(write ? 422 : 404, `No edition has the slug “${slug}”.`, [{ pointer, detail: 'No such edition.' }]);
  return edition;
}

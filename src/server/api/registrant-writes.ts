/**
 * The API's registrant writes (docs/decisions/0060), each through the code the site's own screens
 * use: a registration is registerAttendee (consent, confirmation e-mail, attribution,
 * registration.created), an erasure is the admin's deleteRegistrant, a change of name or consent
 * records registrant.updated in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { registrantCreateSchema, registrantPatchSchema } from '../../domain/api/schemas.ts';
import { marketingConsentWording } from '../../domain/registration.ts';
import { NO_UTM } from '../../domain/attribution/utm.ts';
import { cleanUtmValue } from '../../domain/attribution/utm.ts';
import { REGISTRATION_CLOSED_MESSAGE } from '../../domain/registration-window.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { ensureShareLinks, findShareLink } from '../attribution/share-links.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import { deleteRegistrant } from '../registrants/registrant-admin.ts';
import { registerAttendee } from '../registrants/register.ts';
import { loadRegistrationWindow } from '../registrants/registration-window.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';
import { ApiProblem, type ApiAnswer, type ApiCall } from './operation.ts';
import { findRegistrant } from './registrant-rows.ts';
import { editionOfToken } from './scope.ts';
import type { ApiToken } from './tokens.ts';
import { recordConsents } from '../consents/consent-records.ts';

/** How the audit log names a change made through the API. */
export const tokenActor = (token: ApiToken): string => `API token “${token.name}” (#${token.id})`;

async function shareLinkId(db: Database, edition: { id: number; slug: string }, code: string | undefined): Promise<number | null> {
  if (code === undefined) return null;
  await ensureShareLinks(db, edition);
  const found = await findShareLink(db, { code, editionSlug: edition.slug });
  if (!found)
    throw new ApiProblem(422, 'No share link of this edition has that code.', [{ pointer: '#/share_code', detail: 'Unknown code.' }]);
  return found.link.id;
}

export async function createRegistrant(call: ApiCall<unknown, unknown, z.output<typeof registrantCreateSchema>>): Promise<ApiAnswer> {
  const { handle, token, body, now } = call;
  const { db } = handle;
  const edition = await editionOfToken(db, { token, slug: body.edition, pointer: '#/edition', write: true });
  if (!(await loadRegistrationWindow(db, edition, now)).open) throw new ApiProblem(409, REGISTRATION_CLOSED_MESSAGE);
  const campaign = body.utm
    ? {
        utm_source: cleanUtmValue(body.utm.source),
        utm_medium: cleanUtmValue(body.utm.medium),
        utm_campaign: cleanUtmValue(body.utm.campaign),
      }
    : NO_UTM;
  const outcome = await registerAttendee({
    db,
    editionSlug: edition.slug,
    input: { firstName: body.name, email: body.email, consent: body.marketing_consent },
    moment: { now, timeZone: null },
    source: { shareLinkId: await shareLinkId(db, edition, body.share_code), campaign },
    sendEmail: body.send_email,
    consentSource: 'api',
  });
  if (outcome.status === 'unknown-edition') throw new ApiProblem(422, `No edition has the slug “${body.edition}”.`);
  const registrant = await findRegistrant(db, { id: outcome.registrantId, editionId: edition.id });
  // Already registered: nothing changed (as the form does), and the registrant as it is.
  return { status: outcome.status === 'created' ? 201 : 200, body: registrant };
}

const notFound = (id: number) => new ApiProblem(404, `No registrant #${id} that this token may see.`);

export async function patchRegistrant(call: ApiCall<{ id: number }, unknown, z.output<typeof registrantPatchSchema>>): Promise<ApiAnswer> {
  const { handle, token, params, body, now } = call;
  const { db } = handle;
  const scope = token.editionId === null ? undefined : eq(registrants.editionId, token.editionId);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ editionId: registrants.editionId, firstName: registrants.firstName, consentedAt: registrants.consentedAt })
      .from(registrants)
      .where(and(eq(registrants.id, params.id), scope))
      .for('update');
    if (!row) return false;
    const set: Partial<typeof registrants.$inferInsert> = {};
    if (body.name !== undefined && body.name !== row.firstName) set.firstName = body.name;
    if (body.marketing_consent === true && row.consentedAt === null) {
      const edition = await readEdition(tx, { id: row.editionId }, { fresh: true });
      set.consentedAt = now;
      set.consentWording = marketingConsentWording(edition?.settings.texts.consentTopics ?? '');
      // Agreeing again undoes an earlier unsubscribe, as the preferences page's opt-in does.
      await tx.update(mailPreferences).set({ unsubscribedAt: null }).where(eq(mailPreferences.registrantId, params.id));
    }
    if (body.marketing_consent === false && row.consentedAt !== null) Object.assign(set, { consentedAt: null, consentWording: null });
    if (!Object.keys(set).length) return true;
    await tx.update(registrants).set(set).where(eq(registrants.id, params.id));
    if (set.consentedAt !== undefined) {
      const given = set.consentedAt !== null;
      await recordConsents(tx, [
        {
          registrantId: params.id,
          editionId: row.editionId,
          topic: 'marketing',
          choice: given ? 'given' : 'withdrawn',
          wording: given ? (set.consentWording ?? null) : null,
          source: 'api',
          at: now,
        },
      ]);
    }
    const consentedAt = set.consentedAt === undefined ? row.consentedAt : set.consentedAt;
    await recordRegistrantEvent(tx, {
      type: 'registrant.updated',
      registrantId: params.id,
      now,
      data: { consent: { marketing: consentedAt !== null, consentedAt: consentedAt?.toISOString() ?? null } },
    });
    return true;
  });
  if (!changed) throw notFound(params.id);
  return { status: 200, body: await findRegistrant(db, { id: params.id, editionId: token.editionId }) };
}

export async function eraseRegistrant(call: ApiCall<{ id: number }>): Promise<ApiAnswer> {
  const { handle, token, params } = call;
  const [row] = await handle.db
    .select({ editionId: registrants.editionId })
    .from(registrants)
    .where(and(eq(registrants.id, params.id), token.editionId === null ? undefined : eq(registrants.editionId, token.editionId)));
  if (!row) throw notFound(params.id);
  const change = await deleteRegistrant({ db: handle.db, admin: tokenActor(token), editionId: row.editionId, id: params.id });
  if (!change.ok) throw notFound(params.id);
  // As the admin's erasure: every process forgets what it remembered of them.
  await announceAccessChange(handle);
  return { status: 204, body: null };
}

/** A 404 problem unless the registrant exists for this token. */
export async function registrantOrNotFound(db: Database, token: ApiToken, id: number) {
  const found = await findRegistrant(db, { id, editionId: token.editionId });
  if (!found) throw notFound(id);
  return found;
}

/**
 * The "Your data" pages (docs/decisions/0084): /your-data shows a signed-in registrant what the
 * site holds about their address (GET) and sends the erasure link (POST); /your-data/download
 * is the same as JSON; /your-data/erase/{token}, the link, shows what it would erase (GET) and
 * erases (POST). None is ever cached.
 */
import { signedInRegistrant, type CookieReader } from '../access/registrant-session.ts';
import { appNow } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { show, type PageOutcome } from '../http/page-outcome.ts';
import type { YourDataView } from '../../domain/registrant-data/your-data-view.ts';
import { askErasure, confirmErasure, pendingErasure, recordExport } from './data-requests.ts';
import { registrantDataOf } from './registrant-data.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };
const BOUNCED_MESSAGE =
  'Your address bounced, so the erasure link could not reach you. Correct your address from your dashboard first, or ask the host to erase you.';

/** /your-data: the data (GET), and "Erase me" (POST) of a signed-in registrant. */
export async function answerYourData(
  handle: DbHandle,
  { request, cookies, siteUrl }: { request: Request; cookies: CookieReader; siteUrl: string },
): Promise<PageOutcome<YourDataView>> {
  const registrant = await signedInRegistrant(handle.db, cookies);
  if (!registrant) return show({ kind: 'signed-out' }, 401, NO_STORE);
  const now = appNow();
  let erasure: { sent: boolean; problem: string | null } = { sent: false, problem: null };
  let status = 200;
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    if (form?.get('action') !== 'erase') {
      erasure = { sent: false, problem: 'The form could not be read. Please try again.' };
      status = 400;
    } else if (registrant.addressBounced) {
      // Only the access links reach a suppressed address (docs/decisions/0082): the link would never arrive.
      erasure = { sent: false, problem: BOUNCED_MESSAGE };
      status = 409;
    } else {
      const asked = await askErasure(handle.db, { email: registrant.email, siteUrl, now });
      erasure = asked.ok ? { sent: true, problem: null } : { sent: false, problem: asked.problem };
      status = asked.ok ? 200 : 429;
    }
  }
  const data = await registrantDataOf(handle.db, registrant.email, now);
  return show({ kind: 'data', data, erasure }, status, NO_STORE);
}

/** /your-data/download: everything about the signed-in registrant's address as a JSON file. */
export async function answerDataDownload(handle: DbHandle, { cookies }: { cookies: CookieReader }): Promise<Response> {
  const registrant = await signedInRegistrant(handle.db, cookies);
  if (!registrant) {
    return new Response('Open your personal link first, then download your data.', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE },
    });
  }
  const now = appNow();
  const data = await registrantDataOf(handle.db, registrant.email, now);
  await recordExport(handle.db, { email: registrant.email, source: 'registrant', registrations: data.registrations.length, now });
  return dataFile(data);
}

/** The data as a download named after its day. */
export function dataFile(data: { collectedAt: string }): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="summit-data-${data.collectedAt.slice(0, 10)}.json"`,
      ...NO_STORE,
    },
  });
}

/** /your-data/erase/{token}: what the link would erase (GET), and the erasure (POST). */
export async function answerErasureLink(
  handle: DbHandle,
  { request, token }: { request: Request; token: string },
): Promise<PageOutcome<YourDataView>> {
  const now = appNow();
  if (request.method !== 'POST') {
    const pending = await pendingErasure(handle.db, token, now);
    return pending
      ? show({ kind: 'confirm-erasure', email: pending.email, action: `/your-data/erase/${encodeURIComponent(token)}` }, 200, NO_STORE)
      : show({ kind: 'invalid' }, 404, NO_STORE);
  }
  const erased = await confirmErasure(handle, token, now);
  return erased.ok
    ? show({ kind: 'erased', registrations: erased.registrations }, 200, NO_STORE)
    : show({ kind: 'invalid' }, 404, NO_STORE);
}

/**
 * The two pages of correcting a bounced address (docs/decisions/0082, address-change.ts):
 * /email-address, where the dashboard's notice posts the new address (signed in as the
 * registrant), and /email-address/{token}, the link sent to the new address: a GET shows what
 * would change, a POST confirms it. Neither is ever cached.
 */
import { announceAccessChange } from '../access/access-events.ts';
import { ACCESS_REQUEST_RATE_LIMITED } from '../access/access-request.ts';
import { signedInRegistrant, type CookieReader } from '../access/registrant-session.ts';
import { appNow } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { show, type PageOutcome } from '../http/page-outcome.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import type { AddressChangeView } from '../../domain/registrants/address-change-view.ts';
import { askAddressChange, confirmAddressChange, pendingAddressChange } from './address-change.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };

/**
 * Each request sends an e-mail to an address the registrant typed: a few an hour are plenty to
 * correct a typo, and no more lets a signed-in visitor use the site to mail strangers.
 */
const ADDRESS_CHANGE_REQUESTS = { name: 'address-change-request', limit: 5, windowSeconds: 3600 };
/** The words "Find my access" says when asked too often. */
export const ADDRESS_CHANGE_RATE_LIMITED = ACCESS_REQUEST_RATE_LIMITED;

/** /email-address: the form (GET) and the request (POST) of a signed-in registrant. */
export async function answerAddressChangeRequest(
  handle: DbHandle,
  { request, cookies, siteUrl }: { request: Request; cookies: CookieReader; siteUrl: string },
): Promise<PageOutcome<AddressChangeView>> {
  const registrant = await signedInRegistrant(handle.db, cookies);
  if (!registrant) return show({ kind: 'signed-out' }, 401, NO_STORE);
  if (request.method !== 'POST') return show({ kind: 'ask', typed: '', problem: null }, 200, NO_STORE);
  const form = await request.formData().catch(() => null);
  if (!form) return show({ kind: 'ask', typed: '', problem: 'The form could not be read. Please try again.' }, 400, NO_STORE);
  const typed = String(form.get('email') ?? '').slice(0, 1000);
  const verdict = await rateLimiter(handle.db, ADDRESS_CHANGE_REQUESTS).take(String(registrant.id));
  if (!verdict.allowed)
    return show({ kind: 'ask', typed, problem: ADDRESS_CHANGE_RATE_LIMITED }, 429, {
      ...NO_STORE,
      'retry-after': String(verdict.retryAfterSeconds),
    });
  const asked = await askAddressChange(handle.db, { registrant, typed, siteUrl, now: appNow() });
  return asked.ok
    ? show({ kind: 'sent', email: asked.email }, 200, NO_STORE)
    : show({ kind: 'ask', typed, problem: asked.problem }, 422, NO_STORE);
}

/** /email-address/{token}: what the link would change (GET), and the change (POST). */
export async function answerAddressChangeLink(
  handle: DbHandle,
  { request, token }: { request: Request; token: string },
): Promise<PageOutcome<AddressChangeView>> {
  const now = appNow();
  if (request.method !== 'POST') {
    const pending = await pendingAddressChange(handle.db, token, now);
    return pending
      ? show({ kind: 'confirm', email: pending.newEmail, action: `/email-address/${encodeURIComponent(token)}` }, 200, NO_STORE)
      : show({ kind: 'invalid' }, 404, NO_STORE);
  }
  const confirmed = await confirmAddressChange(handle.db, token, now);
  if (!confirmed.ok) return show({ kind: confirmed.reason }, confirmed.reason === 'invalid' ? 404 : 409, NO_STORE);
  // Their pages (the dashboard's notice, the checkout's e-mail) read the new address everywhere.
  await announceAccessChange(handle);
  return show({ kind: 'changed', email: confirmed.email }, 200, NO_STORE);
}

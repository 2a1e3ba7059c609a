/**
 * The POST of /register: a new registration signs the browser in (src/server/access/registrant-session.ts);
 * a plain form post gets a redirect (to the page that sent the visitor, or /thank-you) or the form again with
 * messages and what was typed; the enhanced submit (Accept: application/json) gets the same
 * outcome as JSON.
 */
import type { AstroCookies } from 'astro';
import type { Edition } from '../../domain/edition.ts';
import type { ClosedRegistrationOffer } from '../../domain/registration-window.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { findEdition } from '../editions/edition-queries.ts';
import { lastReadEdition } from '../editions/last-read-editions.ts';
import { loadRegistrationWindow } from '../registrants/registration-window.ts';
import type { RegistrationErrors, RegistrationValues } from '../../domain/registration.ts';
import { REGISTRATION_UNAVAILABLE, RETRY_AFTER_SECONDS } from '../../domain/messages.ts';
import { REGISTRATION_CLOSED_MESSAGE } from '../../domain/registration-window.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { clientAddress, isHttps } from '../http/request-origin.ts';
import { RATE_LIMITED_MESSAGE, submitRegistration, type RegistrationConfig } from '../registrants/registration-submit.ts';
import { rememberRegisteredName } from '../registrants/thank-you-cookie.ts';
import { signIn } from '../access/registrant-session.ts';
import { safeNextPath } from '../../domain/access/next-path.ts';
import { redirectTo, respond, show, type PageOutcome } from './page-outcome.ts';

export interface RegistrationPageState {
  summit: string;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string | undefined;
}

export const emptyRegistrationPage = (url: URL): RegistrationPageState => ({
  summit: url.searchParams.get('summit') ?? DEFAULT_SUMMIT,
  values: { firstName: '', email: '', consent: false },
  errors: {},
});

const TOO_LARGE_MESSAGE = 'The form is too large.';

interface RegistrationRequest {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  clientAddress: string;
}

/** `config`: the page passes its request's configuration (locals.config, set by src/middleware.ts). */
export async function handleRegistrationPost(
  { request, url, cookies, clientAddress: socketAddress }: RegistrationRequest,
  config: RegistrationConfig,
): Promise<PageOutcome<RegistrationPageState>> {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const state = emptyRegistrationPage(url);
  const result = await submitRegistration(request, clientAddress(request, socketAddress), config);
  if (result.kind === 'registered') {
    const https = isHttps(request, url);
    rememberRegisteredName(cookies, result.firstName, https);
    // Registering signs this browser in at once (a repeat registration does not: see register.ts).
    if (result.key) signIn({ cookies, key: result.key, secure: https, editionSlug: result.editionSlug });
    // Back to the page that sent the visitor here (registrants-only editions), else the thank-you page.
    const back = result.key ? safeNextPath(url.searchParams.get('next')) : null;
    const next = back ?? result.next;
    return wantsJson ? respond(Response.json({ ok: true, redirect: next })) : redirectTo(next);
  }
  if (result.kind === 'closed') {
    // Nothing stored; the page shows the closed notice and what to do instead.
    if (wantsJson) return respond(Response.json({ ok: false, error: REGISTRATION_CLOSED_MESSAGE }, { status: 409 }));
    return show({ ...state, summit: result.summit }, 409);
  }
  if (result.kind === 'rate-limited') {
    const headers = { 'retry-after': String(result.retryAfterSeconds) };
    if (wantsJson) return respond(Response.json({ ok: false, error: RATE_LIMITED_MESSAGE }, { status: 429, headers }));
    return show({ ...state, formError: RATE_LIMITED_MESSAGE }, 429, headers);
  }
  if (result.kind === 'too-large') {
    if (wantsJson) return respond(Response.json({ ok: false, error: TOO_LARGE_MESSAGE }, { status: 413 }));
    return show({ ...state, formError: TOO_LARGE_MESSAGE }, 413);
  }
  if (result.kind === 'unavailable') {
    // The database cannot be reached: nothing stored, the form again with what was typed (decision 0024).
    const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
    if (wantsJson) return respond(Response.json({ ok: false, error: REGISTRATION_UNAVAILABLE }, { status: 503, headers }));
    return show({ summit: result.summit, values: result.values, errors: {}, formError: REGISTRATION_UNAVAILABLE }, 503, headers);
  }
  if (wantsJson) return respond(Response.json({ ok: false, errors: result.errors }, { status: 422 }));
  return show({ summit: result.summit, values: result.values, errors: result.errors }, 422);
}

/**
 * What the page shows around the form: the edition asked for (else the default one) and, when it
 * no longer takes registrations, what it offers instead; null when neither edition exists. While
 * the database cannot be reached (decision 0024): the edition as this process last read it, with
 * the form open (a POST then says it could not be saved, and keeps what was typed).
 */
export async function loadRegistrationForm(
  db: Database,
  summit: string,
  now: Date,
): Promise<{ edition: Edition; closed: ClosedRegistrationOffer | null } | null> {
  let edition: Edition | null;
  try {
    edition = (await findEdition(db, summit)) ?? (await findEdition(db, DEFAULT_SUMMIT));
  } catch (error) {
    edition = isDatabaseUnreachable(error) ? (lastReadEdition(summit) ?? lastReadEdition(DEFAULT_SUMMIT)) : null;
    if (!edition) throw error;
    return { edition, closed: null };
  }
  if (!edition) return null;
  try {
    const registration = await loadRegistrationWindow(db, edition, now);
    return { edition, closed: registration.open ? null : registration.offer };
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    return { edition, closed: null };
  }
}

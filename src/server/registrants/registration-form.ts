/**
 * The POST of /register, read as one module: the submission (rate limit per client address, body
 * limit, validation, whether registration is open, then registering: register.ts) and the page's
 * answer. A new registration signs the browser in (src/server/access/registrant-session.ts); a
 * plain form post gets a redirect (to the page that sent the visitor, or /thank-you) or the form
 * again with messages and what was typed; the enhanced submit (Accept: application/json) gets the
 * same outcome as JSON. The edition is read once, from the cache (src/server/editions/read-edition.ts).
 */
import { marketingConsentWording } from '../../domain/registration.ts';
import { pageMeta, type PageMeta } from '../../domain/page-meta.ts';
import type { AstroCookies } from 'astro';
import type { Edition } from '../../domain/edition.ts';
import type { ClosedRegistrationOffer } from '../../domain/registration-window.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { readEdition, type EditionRead } from '../editions/read-edition.ts';
import { lastKnownHomeEditionSlug, readHomeEditionSlug } from '../editions/home-edition.ts';
import { loadRegistrationWindow } from './registration-window.ts';
import { REGISTRATION_UNAVAILABLE, RETRY_AFTER_SECONDS } from '../../domain/shared-message-texts.ts';
import { REGISTRATION_CLOSED_MESSAGE } from '../../domain/registration-window.ts';
import { clientAddress, isHttps } from '../http/request-origin.ts';
import { rememberRegisteredName } from './thank-you-cookie.ts';
import { signIn } from '../access/registrant-session.ts';
import { safeNextPath } from '../../domain/access/next-path.ts';
import { redirectTo, respond, show, type PageOutcome } from '../http/page-outcome.ts';
import { editionSlugSchema } from '../../domain/edition.ts';
import { isKnownTimeZone } from '../../domain/mail/send-rules.ts';
import { readRegistrationForm, validateRegistration, type RegistrationErrors, type RegistrationValues } from '../../domain/registration.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { requestNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { isDatabaseDown } from '../health.ts';
import type { Env } from '../env.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { log } from '../log.ts';
import { registerAttendee } from './register.ts';
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import type { Utm } from '../../domain/attribution/utm.ts';
import { registrationCampaign } from '../attribution/campaign.ts';
import { referrerFromRequest } from '../attribution/referrer-cookie.ts';

export interface RegistrationPageState {
  /** The edition asked for (`?summit=`, the form's field); null: the home page's edition. */
  summit: string | null;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string | undefined;
  /** The campaign the form posts on with (its action's query): the URL's, else the sending page's. */
  campaign: Utm;
}

export const emptyRegistrationPage = ({ url, request }: { url: URL; request: Request }): RegistrationPageState => ({
  summit: url.searchParams.get('summit'),
  values: { firstName: '', email: '', consent: false },
  errors: {},
  campaign: registrationCampaign(request, url),
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
  const state = emptyRegistrationPage({ url, request });
  const result = await submitRegistration(request, clientAddress(request, socketAddress), config);
  if (result.kind === 'registered') {
    const https = isHttps(request, url);
    rememberRegisteredName(cookies, result.firstName, https);
    // Registering signs this browser in at once; a repeat registration gets a cookie of the same
    // shape that opens nothing (register.ts), so the answer is the same for any address.
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
    return show({ ...state, summit: result.summit, values: result.values, formError: REGISTRATION_UNAVAILABLE }, 503, headers);
  }
  if (wantsJson) return respond(Response.json({ ok: false, errors: result.errors }, { status: 422 }));
  return show({ ...state, summit: result.summit, values: result.values, errors: result.errors }, 422);
}

/**
 * What the page shows around the form: the edition asked for (else the home page's) and, when it
 * no longer takes registrations, what it offers instead; null when neither edition exists. While
 * the database cannot be reached (decision 0024): the edition as this process last read it, with
 * the form open (a POST then says it could not be saved, and keeps what was typed).
 */
export async function loadRegistrationForm(db: Database, summit: string | null, now: Date): Promise<RegistrationFormShown | null> {
  const found = await formEdition(db, summit, now);
  if (!found) return null;
  const { texts } = found.edition.settings;
  return { ...found, consentWording: marketingConsentWording(texts.consentTopics), meta: pageMeta(texts, await loadSiteBrand()) };
}

/** The form's edition, its words and meta tags, and the offer that replaces it once registration has closed. */
export interface RegistrationFormShown {
  edition: Edition;
  closed: ClosedRegistrationOffer | null;
  consentWording: string;
  meta: PageMeta;
}

async function formEdition(
  db: Database,
  summit: string | null,
  now: Date,
): Promise<{ edition: Edition; closed: ClosedRegistrationOffer | null } | null> {
  const home = await unlessUnreachable(() => readHomeEditionSlug(db), lastKnownHomeEditionSlug());
  // Unreachable, and this process never read that slug: the home page's edition's form, as before.
  const asked: EditionRead =
    summit !== null && summit !== home
      ? await unlessUnreachable(() => readEdition(db, summit, { lastReadFallback: true }), { edition: null, fromMemory: true })
      : { edition: null, fromMemory: false };
  const { edition, fromMemory } = asked.edition ? asked : await readEdition(db, home, { lastReadFallback: true });
  // The database cannot be reached: the form stays open, and a POST says it could not be saved.
  if (fromMemory && edition) return { edition, closed: null };
  if (!edition) return null;
  try {
    const registration = await loadRegistrationWindow(db, edition, now);
    return { edition, closed: registration.open ? null : registration.offer };
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    return { edition, closed: null };
  }
}

/** The read's answer, or `otherwise` when the database cannot be reached (any other failure is thrown). */
async function unlessUnreachable<T>(read: () => Promise<T>, otherwise: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    return otherwise;
  }
}

const MAX_FORM_BYTES = BODY_LIMITS.registration.bytes;

export const RATE_LIMITED_MESSAGE = 'You have sent several registrations in a short time. Please wait a minute and try again.';

export type SubmissionResult =
  /** next: where the visitor goes now (/thank-you, or the brand's own thank-you page). */
  /** key: a new registration's, to sign this browser in; a repeat's decoy, which opens nothing (register.ts). */
  | { kind: 'registered'; firstName: string; created: boolean; next: string; key: string | null; editionSlug: string }
  | { kind: 'invalid'; values: RegistrationValues; errors: RegistrationErrors; summit: string | null }
  /** The edition's registration has closed: nothing was stored, the page shows the offer. */
  | { kind: 'closed'; summit: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'too-large' }
  /** The database cannot be reached: nothing was stored; the form comes back with what was typed (decision 0024). */
  | { kind: 'unavailable'; values: RegistrationValues; summit: string | null };

/** What of the configuration a registration needs: the per-client limit and the site's address for its e-mails. */
export type RegistrationConfig = Pick<Env, 'REGISTRATION_RATE_LIMIT' | 'siteUrl'>;

export async function submitRegistration(request: Request, address: string, config: RegistrationConfig): Promise<SubmissionResult> {
  let form: FormData | null = null;
  const readForm = async (): Promise<FormData> => (form ??= await readFormData(request));
  try {
    return await submit({ request, address, config, readForm });
  } catch (error) {
    if (!(await isDatabaseDown(error))) throw error;
    log.warn({ err: error }, 'registration: the database cannot be reached; the form is shown again');
    // The rate limit is taken first, so the body may not be read yet.
    const typed =
      Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES ? new FormData() : await readForm().catch(() => new FormData());
    return { kind: 'unavailable', values: readRegistrationForm(typed), summit: summitOf(typed) };
  }
}

async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** The edition the form names; null (the home page's edition) when it names none. */
function summitOf(form: FormData): string | null {
  const summitField = form.get('summit');
  return editionSlugSchema.safeParse(summitField).success ? (summitField as string) : null;
}

async function submit({
  request,
  address,
  config,
  readForm,
}: {
  request: Request;
  address: string;
  config: RegistrationConfig;
  readForm: () => Promise<FormData>;
}): Promise<SubmissionResult> {
  const { db } = await getDatabase();
  const limiter = rateLimiter(db, { name: 'register', limit: config.REGISTRATION_RATE_LIMIT, windowSeconds: 60 });
  const verdict = await limiter.take(address);
  if (!verdict.allowed) {
    log.warn({ address }, 'registration rate limit');
    return { kind: 'rate-limited', retryAfterSeconds: verdict.retryAfterSeconds };
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) return { kind: 'too-large' };

  const form = await readForm();
  const values = readRegistrationForm(form);
  const asked = summitOf(form);
  const validation = validateRegistration(values);
  if (!validation.ok) return { kind: 'invalid', values, errors: validation.errors, summit: asked };
  const summit = asked ?? (await readHomeEditionSlug(db));

  const edition = await readEdition(db, summit);
  if (edition && !(await loadRegistrationWindow(db, edition, requestNow(request))).open) return { kind: 'closed', summit };
  const brand = await loadSiteBrand();
  // The browser's time zone (the form's script fills it in), for deadlines in its e-mails.
  const timeZone = form.get('timeZone');
  const outcome = await registerAttendee({
    db,
    editionSlug: summit,
    input: validation.data,
    moment: {
      now: requestNow(request),
      timeZone: typeof timeZone === 'string' && isKnownTimeZone(timeZone) ? timeZone : null,
    },
    // Read here, at registration, never on a cached page (decision 0038).
    source: edition
      ? { shareLinkId: referrerFromRequest(request, edition.id), campaign: registrationCampaign(request, new URL(request.url)) }
      : undefined,
  });
  if (outcome.status === 'unknown-edition') {
    return { kind: 'invalid', values, errors: { email: 'This summit is not open for registration.' }, summit: null };
  }
  return {
    kind: 'registered',
    firstName: validation.data.firstName,
    created: outcome.status === 'created',
    next: brand.thankYouUrl ?? '/thank-you',
    key: outcome.status === 'created' ? outcome.key : outcome.decoy,
    editionSlug: summit,
  };
}

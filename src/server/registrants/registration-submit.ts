/**
 * One registration submission, from a plain form post or the enhanced (fetch) submit: rate
 * limit, validation, then the registration itself. The page turns the outcome into HTML or JSON.
 */
import { editionSlugSchema } from '../../domain/edition.ts';
import { isKnownTimeZone } from '../../domain/mail/send-rules.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { readRegistrationForm, validateRegistration, type RegistrationErrors, type RegistrationValues } from '../../domain/registration.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { requestNow } from '../clock.ts';
import { findEdition } from '../editions/edition-queries.ts';
import { getDatabase } from '../db/index.ts';
import { isDatabaseDown } from '../health.ts';
import type { Env } from '../env.ts';
import { rateLimiter } from '../http/rate-limit.ts';
import { log } from '../log.ts';
import { registerAttendee } from './register.ts';
import { loadRegistrationWindow } from './registration-window.ts';

const MAX_FORM_BYTES = 8 * 1024;

export const RATE_LIMITED_MESSAGE = 'You have sent several registrations in a short time. Please wait a minute and try again.';

export type SubmissionResult =
  /** next: where the visitor goes now (/thank-you, or the brand's own thank-you page). */
  /** key: set for a new registration only, to sign this browser in. */
  | { kind: 'registered'; firstName: string; created: boolean; next: string; key: string | null; editionSlug: string }
  | { kind: 'invalid'; values: RegistrationValues; errors: RegistrationErrors; summit: string }
  /** The edition's registration has closed: nothing was stored, the page shows the offer. */
  | { kind: 'closed'; summit: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'too-large' }
  /** The database cannot be reached: nothing was stored; the form comes back with what was typed (decision 0024). */
  | { kind: 'unavailable'; values: RegistrationValues; summit: string };

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

function summitOf(form: FormData): string {
  const summitField = form.get('summit');
  return editionSlugSchema.safeParse(summitField).success ? (summitField as string) : DEFAULT_SUMMIT;
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
  const summit = summitOf(form);
  const validation = validateRegistration(values);
  if (!validation.ok) return { kind: 'invalid', values, errors: validation.errors, summit };

  const edition = await findEdition(db, summit);
  if (edition && !(await loadRegistrationWindow(db, edition, requestNow(request))).open) return { kind: 'closed', summit };
  const brand = await loadSiteBrand();
  const mail = { siteUrl: config.siteUrl, summitName: brand.summitName, supportEmail: brand.supportEmail };
  // The browser's time zone (the form's script fills it in), for deadlines in its e-mails.
  const timeZone = form.get('timeZone');
  const outcome = await registerAttendee({
    db,
    editionSlug: summit,
    input: validation.data,
    mail,
    moment: {
      now: requestNow(request),
      timeZone: typeof timeZone === 'string' && isKnownTimeZone(timeZone) ? timeZone : null,
    },
  });
  if (outcome.status === 'unknown-edition') {
    return { kind: 'invalid', values, errors: { email: 'This summit is not open for registration.' }, summit: DEFAULT_SUMMIT };
  }
  return {
    kind: 'registered',
    firstName: validation.data.firstName,
    created: outcome.status === 'created',
    next: brand.thankYouUrl ?? '/thank-you',
    key: outcome.status === 'created' ? outcome.key : null,
    editionSlug: summit,
  };
}

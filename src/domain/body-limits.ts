/**
 * The one table of request body limits. The front door (src/server/front-door/body-limits.ts)
 * enforces each while the body arrives, by the path as Astro routes it; the endpoints read their
 * own row again as a second lock, so the two can never disagree. Every other path: 4 MB.
 */
import { MAX_IMPORT_BYTES } from './registrants/import-limits.ts';

const KB = 1024;

/** The logo upload's file limit: the 2 MB promised for an image. */
export const MAX_LOGO_BYTES = 2 * KB * KB;

export const BODY_LIMITS = {
  registration: { path: /^\/register\/?$/, bytes: 8 * KB },
  signIn: { path: /^\/admin\/?$/, bytes: 8 * KB },
  // Read by the page itself, which shows the form again with a message rather than a 413.
  accessRequest: { path: null, bytes: 4 * KB },
  sessionReset: { path: /^\/session\/reset\/?$/, bytes: 4 * KB },
  unsubscribe: { path: /^\/unsubscribe\//, bytes: 4 * KB },
  sessionProcedures: { path: /^\/api\/rpc\//, bytes: 4 * KB },
  brandApply: { path: /^\/api\/admin\/brand\/?$/, bytes: 64 * KB },
  logoUpload: { path: /^\/api\/uploads\/logo\/?$/, bytes: MAX_LOGO_BYTES + 64 * KB },
  paymentWebhook: { path: /^\/api\/webhooks\/payments\/?$/, bytes: 256 * KB },
  // SendGrid posts its events in batches of up to 768 KB.
  mailFeedbackWebhook: { path: /^\/api\/webhooks\/mail\/[^/]+\/?$/, bytes: 1024 * KB },
  // A CSV of registrants, staged to a file as it arrives (docs/decisions/0062); before `api`, as the first match counts.
  registrantImportApi: { path: /^\/api\/v1\/registrants\/import\/?$/, bytes: MAX_IMPORT_BYTES },
  registrantImportPage: { path: /^\/admin\/registrants\/import\/?$/, bytes: MAX_IMPORT_BYTES + 64 * KB },
  // A registrant or a pass is well under 1 KB of JSON (docs/decisions/0060).
  api: { path: /^\/api\/v1\//, bytes: 64 * KB },
} as const satisfies Record<string, { path: RegExp | null; bytes: number }>;

/** Any other request body. */
export const MAX_BODY_BYTES = 4 * KB * KB;

/** The limit for a path as Astro routes it. */
export function bodyLimitFor(routedPathname: string): number {
  const limits: ReadonlyArray<{ path: RegExp | null; bytes: number }> = Object.values(BODY_LIMITS);
  return limits.find(({ path }) => path?.test(routedPathname))?.bytes ?? MAX_BODY_BYTES;
}

/**
 * POST /api/webhooks/mail/{provider}: bounces and complaints from the mail provider (docs/decisions/0086).
 * A provider whose setting is unset refuses everything (503), as the payment webhook does; the body
 * is read with a size limit (413 past it, without reading the rest), verified by the provider's own
 * scheme, and only then read and applied. A bad signature (401), a topic not ours (403) or a
 * malformed body (400) changes nothing; a replay, an old event or an unknown address is a 200
 * that changes nothing, so the provider stops sending it.
 */
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import { isMailProvider, RefusedNotification, type MailFeedback, type MailProvider } from '../../domain/mail-feedback/feedback.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { requestNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { BodyError, readBytesLimited } from '../http/body.ts';
import { json, jsonError } from '../http/responses.ts';
import { log } from '../log.ts';
import { applyMailFeedback } from './apply-feedback.ts';
import { mailgun } from './providers/mailgun.ts';
import { postmark } from './providers/postmark.ts';
import type { FeedbackProvider, FeedbackSettings, ReaderReach } from './providers/provider.ts';
import { resend } from './providers/resend.ts';
import { sendgrid } from './providers/sendgrid.ts';
import { isAmazonSnsUrl, ses } from './providers/ses.ts';

const PROVIDERS: Record<MailProvider, FeedbackProvider> = { ses, postmark, mailgun, sendgrid, resend };

/** Production's reach: Amazon SNS's own addresses only. */
export const AMAZON_ONLY: ReaderReach = { fetch: (...args) => fetch(...args), snsUrlAllowed: isAmazonSnsUrl };

async function readFeedback(
  request: Request,
  provider: FeedbackProvider,
  { config, reach }: { config: FeedbackSettings; reach: ReaderReach },
): Promise<MailFeedback[] | Response> {
  try {
    const raw = await readBytesLimited(request, BODY_LIMITS.mailFeedbackWebhook.bytes);
    return await provider.read({ raw, headers: request.headers, now: requestNow(request) }, config, reach);
  } catch (error) {
    if (error instanceof BodyError) return jsonError(error.status, error.message);
    if (!(error instanceof RefusedNotification)) throw error;
    return jsonError(error.status, error.message);
  }
}

export async function answerMailFeedback(
  request: Request,
  name: string,
  { config, reach = AMAZON_ONLY }: { config: FeedbackSettings; reach?: ReaderReach },
): Promise<Response> {
  if (!isMailProvider(name)) return jsonError(404, `No mail provider is called “${name}”.`);
  const provider = PROVIDERS[name];
  if (!provider.configured(config))
    return jsonError(503, `${name} notifications are not configured on this site (${provider.settings} is not set), so none is accepted.`);
  const feedback = await readFeedback(request, provider, { config, reach });
  if (feedback instanceof Response) {
    log.warn({ provider: name, status: feedback.status }, 'mail feedback refused');
    return feedback;
  }
  const handle = await getDatabase();
  const results = await applyMailFeedback(handle.db, { provider: name, feedback, now: requestNow(request) });
  // A registrant whose address was suppressed sees it on their own pages (docs/decisions/0082).
  if (results.includes('suppressed')) await announceAccessChange(handle);
  log.info({ provider: name, results }, 'mail feedback');
  return json(200, { received: true, results });
}

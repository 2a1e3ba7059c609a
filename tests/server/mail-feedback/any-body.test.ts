/**
 * Whatever body a provider's endpoint is sent (any JSON, or none), with the provider's own
 * credentials where they travel outside the body, reading it either yields feedback of the one
 * shape or refuses it with a clear status: never an exception of another kind, never a stack trace
 * (docs/decisions/0086). Pure reading: nothing is written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefusedNotification } from '../../../src/domain/mail-feedback/feedback.ts';
import { mailgun } from '../../../src/server/mail-feedback/providers/mailgun.ts';
import { postmark } from '../../../src/server/mail-feedback/providers/postmark.ts';
import type { FeedbackProvider, FeedbackSettings } from '../../../src/server/mail-feedback/providers/provider.ts';
import { ses } from '../../../src/server/mail-feedback/providers/ses.ts';

const settings: FeedbackSettings = {
  SES_SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:1:t',
  POSTMARK_WEBHOOK_USER: 'u',
  POSTMARK_WEBHOOK_PASSWORD: 'p',
  MAILGUN_WEBHOOK_SIGNING_KEY: 'k',
  SENDGRID_WEBHOOK_PUBLIC_KEY: undefined,
  RESEND_WEBHOOK_SECRET: undefined,
};
// Nothing may be fetched: a body that got as far as a certificate would be a failure of the test.
const reach = { fetch: () => Promise.reject(new Error('no fetch in this test')), snsUrlAllowed: () => false };
const headers = new Headers({ authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });

async function outcome(provider: FeedbackProvider, body: string) {
  try {
    const feedback = await provider.read({ raw: Buffer.from(body), headers, now: new Date() }, settings, reach);
    return feedback.every((one) => typeof one.address === 'string' && one.at instanceof Date) ? 'read' : 'bad shape';
  } catch (error) {
    return error instanceof RefusedNotification ? error.status : String(error);
  }
}

describe('any body sent to a provider’s endpoint', () => {
  it.each([
    ['postmark', postmark],
    ['mailgun', mailgun],
    ['ses', ses],
  ] as const)('%s reads it or refuses it with a status', async (_name, provider) => {
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          RecordType: fc.constantFrom('Bounce', 'SpamComplaint'),
          Type: fc.string(),
          ID: fc.anything(),
          Email: fc.anything(),
          BouncedAt: fc.string(),
        })
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        expect([400, 401, 403, 'read']).toContain(await outcome(provider, body));
      }),
      { numRuns: 200 },
    );
  });
});

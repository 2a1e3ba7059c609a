/**
 * Bounces and complaints from the mail providers (docs/decisions/0086), each from a stand-in that
 * sends what the provider documents, signed as it signs, to the site's own handler on the real
 * database: a hard bounce suppresses, a complaint unsubscribes and suppresses, each leaves the site
 * as a signed event; unsigned, badly signed, replayed, unknown, malformed and oversized
 * notifications change nothing and answer a clear status; an unset provider answers 503. Each
 * bounce and complaint is also counted against the message it is about (decision 0089).
 */

const SITE = 'https://deliver.example.com';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it, onTestFinished } from 'vitest';
import { dashboardFigures } from '../../../src/domain/admin-home/dashboard.ts';
import { dashboardNumbers } from '../../../src/server/admin-home/admin-home.ts';
import { listEditionMessages } from '../../../src/server/editions/edition-messages.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { stableMessageId } from '../../../src/server/mail/compose.ts';
import { deliverabilityByEdition } from '../../../src/server/mail/deliverability-figures.ts';
import { messageCounts } from '../../../src/server/mail/outbox-admin.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { startBouncingSmtp } from '../../support/bouncing-smtp.ts';
import { eventTypes } from '../../../src/domain/events/catalogue.ts';
import {
  editions,
  emailSoftBounces,
  emailSuppressions,
  mailFeedbackSeen,
  mailOutbox,
  mailPreferences,
  registrants,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { answerMailFeedback } from '../../../src/server/mail-feedback/endpoint.ts';
import type { FeedbackSettings } from '../../../src/server/mail-feedback/providers/provider.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { deliverDueWebhooks } from '../../../src/server/webhooks/deliver.ts';
import { createEndpoint } from '../../../src/server/webhooks/endpoints.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import * as standIn from '../../support/mail-provider-stand-ins/index.ts';
import { useReceiver } from '../webhooks/receiver.ts';
import { startFresh } from '../webhooks/support/fresh-state.ts';

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';
const POSTMARK = { user: 'postmark-hooks', password: 'a long webhook password' };
const MAILGUN_KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
const RESEND_SECRET = `whsec_${Buffer.from('resend signing secret for tests').toString('base64')}`;
const sendgridKeys = standIn.sendgridKeys();
const settings: FeedbackSettings = {
  SES_SNS_TOPIC_ARN: TOPIC,
  POSTMARK_WEBHOOK_USER: POSTMARK.user,
  POSTMARK_WEBHOOK_PASSWORD: POSTMARK.password,
  MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
  SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridKeys.publicKey,
  RESEND_WEBHOOK_SECRET: RESEND_SECRET,
};

describeEachDatabase('bounces and complaints from the mail providers', (database) => {
  const ctx = useProcessDatabase(database);
  const sns = standIn.useSnsStandIn(TOPIC);
  const receiver = useReceiver();
  // The SNS stand-in is on loopback: the tests let its address through, as production never does.
  const reach = { fetch, snsUrlAllowed: (url: URL) => url.origin === sns.origin };
  const answer = async (request: Request, config: FeedbackSettings = settings) => {
    const response = await answerMailFeedback(request, new URL(request.url).pathname.split('/').pop() ?? '', { config, reach });
    return { status: response.status, body: (await response.json()) as { results?: string[]; error?: string } };
  };

  beforeEach(async () => {
    await startFresh(ctx.db, receiver);
    await ctx.db.delete(emailSuppressions);
    await ctx.db.delete(emailSoftBounces);
    await ctx.db.delete(mailFeedbackSeen);
    const made = await createEndpoint(
      ctx.db,
      { url: receiver.url('/all'), events: eventTypes.filter((type) => type !== 'registration.created'), editionId: '' },
      { allowPrivate: true },
    );
    if (!made.ok) throw new Error('endpoint refused');
    receiver.state.secrets.push(made.secret);
  });
  const registered = async (email: string, editionSlug = 'july') => {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug, input: { firstName: 'Ivy', email, consent: true } });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  const suppressed = async () => (await ctx.db.select().from(emailSuppressions)).map((row) => [row.address, row.reason]).sort();
  const events = async () => (await ctx.db.select().from(webhookEvents)).map((row) => row.type).sort();
  const unsubscribed = async (id: number) =>
    (await ctx.db.select().from(mailPreferences).where(eq(mailPreferences.registrantId, id)))[0]?.unsubscribedAt != null;

  it('suppresses a hard bounce from each provider, signed as it signs, and reports it as email.bounced', async () => {
    for (const address of ['ses@example.com', 'pm@example.com', 'mg@example.com', 'sg@example.com', 'rs@example.com'])
      await registered(address);
    const answers = await Promise.all([
      answer(standIn.post('ses', JSON.stringify(sns.notification(standIn.sesBounce('ses@example.com'), '1')))),
      answer(standIn.postmarkRequest(standIn.postmarkBounce('pm@example.com'), POSTMARK)),
      answer(standIn.mailgunRequest(standIn.mailgunEvent('mg@example.com', 'failed'), MAILGUN_KEY)),
      answer(
        standIn.sendgridRequest(
          [standIn.sendgridEvent('sg@example.com', 'delivered'), standIn.sendgridEvent('sg@example.com', 'bounce', 'bounce')],
          sendgridKeys.privateKey,
        ),
      ),
      answer(standIn.resendRequest(standIn.resendEvent('rs@example.com', 'email.bounced'), RESEND_SECRET)),
    ]);
    expect(answers.map((a) => [a.status, a.body.results])).toEqual(Array(5).fill([200, ['suppressed']]));
    expect(await suppressed()).toEqual(['mg', 'pm', 'rs', 'ses', 'sg'].map((who) => [`${who}@example.com`, 'hard-bounce']));
    expect(await events()).toEqual(Array(5).fill('email.bounced'));
  });

  it('unsubscribes a complaint from everything optional, suppresses it, and sends it on as a signed event', async () => {
    const id = await registered('annoyed@example.com');
    const complaint = await answer(standIn.post('ses', JSON.stringify(sns.notification(standIn.sesComplaint('Annoyed@Example.com'), '2'))));
    expect(complaint).toEqual({ status: 200, body: { received: true, results: ['suppressed'] } });
    expect(await suppressed()).toEqual([['annoyed@example.com', 'complaint']]);
    expect(await unsubscribed(id)).toBe(true);
    while ((await deliverDueWebhooks({ db: ctx.db, allowPrivate: true })).claimed > 0);
    const sent = receiver.state.received.map((r) => [r.body.type, r.body.data.email, r.body.data.provider, r.verified[0]]).sort();
    expect(sent).toEqual([
      ['email.complained', 'annoyed@example.com', 'ses', true],
      ['registrant.unsubscribed', 'annoyed@example.com', undefined, true],
    ]);
    // The other providers' complaints read the same way.
    const other = await registered('spam@example.com');
    for (const request of [
      standIn.postmarkRequest(standIn.postmarkBounce('spam@example.com', 'SpamComplaint', 42), POSTMARK),
      standIn.mailgunRequest(standIn.mailgunEvent('spam@example.com', 'complained'), MAILGUN_KEY),
      standIn.sendgridRequest([standIn.sendgridEvent('spam@example.com', 'spamreport')], sendgridKeys.privateKey),
      standIn.resendRequest(standIn.resendEvent('spam@example.com', 'email.complained'), RESEND_SECRET),
    ])
      expect((await answer(request)).status).toBe(200);
    expect(await unsubscribed(other)).toBe(true);
    expect((await events()).filter((type) => type === 'email.complained')).toHaveLength(5);
  });

  it('counts soft bounces, and the third in a row suppresses', async () => {
    await registered('full@example.com');
    const soft = () => standIn.mailgunRequest(standIn.mailgunEvent('full@example.com', 'failed', 'temporary'), MAILGUN_KEY);
    expect((await answer(soft())).body.results).toEqual(['counted']);
    // A soft bounce counts once per 30 s (greylisting), so the next ones are set apart in time.
    await ctx.db.update(emailSoftBounces).set({ lastAt: new Date(Date.now() - 60_000) });
    expect((await answer(soft())).body.results).toEqual(['counted']);
    await ctx.db.update(emailSoftBounces).set({ lastAt: new Date(Date.now() - 60_000) });
    expect((await answer(soft())).body.results).toEqual(['suppressed']);
    expect(await suppressed()).toEqual([['full@example.com', 'soft-bounces']]);
  });

  it('changes nothing for unsigned, badly signed, replayed, unknown, malformed or oversized notifications', async () => {
    const id = await registered('kept@example.com');
    const bounce = standIn.postmarkBounce('kept@example.com');
    const refused = [
      await answer(standIn.postmarkRequest(bounce, null)),
      await answer(standIn.postmarkRequest(bounce, { ...POSTMARK, password: 'guessed' })),
      await answer(standIn.mailgunRequest(standIn.mailgunEvent('kept@example.com', 'failed'), 'another key')),
      await answer(
        standIn.sendgridRequest([standIn.sendgridEvent('kept@example.com', 'bounce', 'bounce')], standIn.sendgridKeys().privateKey),
      ),
      await answer(standIn.post('sendgrid', JSON.stringify([standIn.sendgridEvent('kept@example.com', 'bounce', 'bounce')]))),
      await answer(
        standIn.resendRequest(
          standIn.resendEvent('kept@example.com', 'email.complained'),
          `whsec_${Buffer.from('not it').toString('base64')}`,
        ),
      ),
    ];
    expect(refused.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
    // SES: a message from another topic, a certificate from elsewhere, a signature that does not match.
    const other = await answer(
      standIn.post('ses', JSON.stringify(sns.notification(standIn.sesBounce('kept@example.com'), '1', 'arn:aws:sns:eu-west-1:1:other'))),
    );
    expect(other.status).toBe(403);
    const elsewhere = { ...sns.notification(standIn.sesBounce('kept@example.com')), SigningCertURL: 'https://evil.example.com/cert.pem' };
    expect((await answer(standIn.post('ses', JSON.stringify(elsewhere)))).status).toBe(401);
    const tampered = sns.notification(standIn.sesBounce('someone@example.com'));
    tampered['Message'] = JSON.stringify(standIn.sesBounce('kept@example.com'));
    expect((await answer(standIn.post('ses', JSON.stringify(tampered)))).status).toBe(401);
    // Malformed: not JSON, or not a notification the provider sends.
    expect((await answer(standIn.postmarkRequest({ RecordType: 'Bounce', ID: 'x', Type: 'HardBounce' }, POSTMARK))).status).toBe(400);
    const notJson = await answer(
      standIn.post('postmark', '{"RecordType":', {
        authorization: standIn.postmarkRequest({}, POSTMARK).headers.get('authorization') ?? '',
      }),
    );
    expect(notJson).toEqual({ status: 400, body: { error: 'The body is not JSON.' } });
    // 5 MB: refused as too large without reading it all.
    const huge = await answer(standIn.postmarkRequest({ ...bounce, Content: 'x'.repeat(5 * 1024 * 1024) }, POSTMARK));
    expect(huge.status).toBe(413);
    // Unknown: an address the site never mailed.
    expect((await answer(standIn.postmarkRequest(standIn.postmarkBounce('stranger@example.com'), POSTMARK))).body.results).toEqual([
      'unknown-address',
    ]);
    expect(await suppressed()).toEqual([]);
    expect(await unsubscribed(id)).toBe(false);
    // Replayed: the same event twice is applied once (lifting the suppression in between shows it).
    const once = await answer(standIn.postmarkRequest(bounce, POSTMARK));
    await ctx.db.delete(emailSuppressions);
    const again = await answer(standIn.postmarkRequest(bounce, POSTMARK));
    expect([once.body.results, again.body.results]).toEqual([['suppressed'], ['replayed']]);
    expect(await suppressed()).toEqual([]);
    // Too old to tell from a replay.
    const old = await answer(
      standIn.postmarkRequest(
        { ...standIn.postmarkBounce('kept@example.com', 'HardBounce', 7), BouncedAt: '2020-01-01T00:00:00Z' },
        POSTMARK,
      ),
    );
    expect(old.body.results).toEqual(['too-old']);
    expect(await events()).toEqual(['email.bounced']);
    expect(await ctx.db.select({ id: registrants.id }).from(registrants)).toHaveLength(1);
  });

  it('refuses every notification with 503 when its provider is not set up, and confirms an SNS subscription', async () => {
    await registered('kept@example.com');
    const none: FeedbackSettings = {} as FeedbackSettings;
    const refused = await answer(standIn.postmarkRequest(standIn.postmarkBounce('kept@example.com'), POSTMARK), none);
    expect(refused).toEqual({
      status: 503,
      body: {
        error:
          'postmark notifications are not configured on this site (POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD is not set), so none is accepted.',
      },
    });
    expect((await answer(standIn.post('unknown-provider', '{}'))).status).toBe(404);
    const subscription = sns.subscription();
    expect((await answer(standIn.post('ses', JSON.stringify(subscription)))).status).toBe(200);
    expect(sns.confirmed).toEqual([
      new URL(subscription['SubscribeURL'] ?? '').pathname + new URL(subscription['SubscribeURL'] ?? '').search,
    ]);
    expect(await suppressed()).toEqual([]);
  });

  /** Mailgun's signed notification through the site's endpoint, accepted. */
  const mailgunSays = async (event: Record<string, unknown>) =>
    expect((await answer(standIn.mailgunRequest(event, MAILGUN_KEY))).status).toBe(200);

  // Deliverability (docs/decisions/0089): the copies sent through the site's SMTP transport to a real
  // SMTP server that refuses (550) and defers (451), then a bounce naming a copy by its Message-ID and
  // a complaint naming only the address, each counted against its message and edition.
  it('counts each bounce and complaint against its message and edition, with the rates and their warnings', async () => {
    const addresses = ['ok1', 'ok2', 'ok3', 'gone', 'busy', 'annoyed', 'bounced-later'].map((name) => `${name}@deliver.example.net`);
    for (const address of addresses) await registered(address, 'august');
    const now = new Date();
    const smtp = await startBouncingSmtp();
    onTestFinished(() => smtp.close());
    smtp.answers.set('gone@deliver.example.net', 'hard');
    smtp.answers.set('busy@deliver.example.net', 'soft');
    // One connection per message, none left open for the server's close to wait on.
    const transport = smtpTransport(`${smtp.url}&pool=false`);
    while ((await deliverDueMail({ db: ctx.db, transport, from: 'hello@deliver.example.com', options: { now, siteUrl: SITE } })).claimed);

    // A provider reports a bounce for a copy it had accepted, naming it by the site's own Message-ID…
    const [later] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounced-later@deliver.example.net'));
    const bounce = standIn.mailgunEvent('bounced-later@deliver.example.net', 'failed');
    await mailgunSays({ ...bounce, message: { headers: { 'message-id': stableMessageId(later!, SITE) } } });
    // …and a complaint naming only the address: the latest copy accepted for it.
    await mailgunSays(standIn.mailgunEvent('annoyed@deliver.example.net', 'complained'));
    // The same complaint's copy told a soft bounce afterwards keeps the complaint.
    await mailgunSays(standIn.mailgunEvent('annoyed@deliver.example.net', 'failed', 'temporary'));

    const feedback = Object.fromEntries(
      (await ctx.db.select({ to: mailOutbox.to, status: mailOutbox.status, feedback: mailOutbox.feedback }).from(mailOutbox)).map((row) => [
        row.to.split('@')[0],
        `${row.status} ${row.feedback ?? '-'}`,
      ]),
    );
    expect(feedback).toEqual({
      ok1: 'sent -',
      ok2: 'sent -',
      ok3: 'sent -',
      gone: 'failed hard-bounce',
      busy: 'pending soft-bounce',
      annoyed: 'sent complaint',
      'bounced-later': 'sent hard-bounce',
    });

    const [august] = await ctx.db.select().from(editions).where(eq(editions.slug, 'august'));
    const messages = await listEditionMessages(ctx.db, august!.id);
    const counts = await messageCounts({ db: ctx.db, editionId: august!.id, messages, now });
    // Every copy is the registration confirmation.
    const [{ id: confirmationId }] = (await ctx.db.selectDistinct({ id: mailOutbox.editionMessageId }).from(mailOutbox)) as [
      { id: number },
    ];
    expect(messages.find((message) => message.id === confirmationId)?.key).toBe('registration-confirmation');
    expect(counts.get(confirmationId)).toMatchObject({ sent: 5, bounced: 2, complained: 1 });

    const [figures] = await deliverabilityByEdition(ctx.db, august!.id);
    // 5 accepted + 1 refused at the SMTP conversation = 6 attempts; 2 hard bounces; 1 complaint of 5 accepted.
    expect(figures!.figures).toMatchObject({
      counts: { accepted: 5, hardBounced: 2, softBounced: 1, complained: 1, suppressed: 0 },
      attempted: 6,
      early: true,
    });
    expect(figures!.figures.warnings).toEqual([
      expect.stringMatching(/^Bounce rate 33\.3%, above 5\.0%/),
      expect.stringMatching(/^Complaint rate 20\.0%, above 0\.30%/),
    ]);

    // The admin's home shows both rates for the edition, above their limits.
    const edition = await readEdition(ctx.db, 'august', { fresh: true });
    const home = dashboardFigures(await dashboardNumbers(ctx.db, edition!, now));
    expect(home.filter((figure) => figure.key.endsWith('-rate')).map((figure) => [figure.label, figure.value, figure.note])).toEqual([
      ['Bounce rate', '33.3%', 'Above 5.0%, from few e-mails yet'],
      ['Complaint rate', '20.0%', 'Above 0.30%, from few e-mails yet'],
    ]);
    // Another edition that sent nothing has no figures.
    expect(await deliverabilityByEdition(ctx.db, (await readEdition(ctx.db, 'september'))!.id)).toEqual([]);

    // Two copies to one address: a bounce naming the older one by its Message-ID marks that one,
    // not the latest (which a notification naming only the address would).
    await registered('twice@deliver.example.net', 'july');
    await registered('twice@deliver.example.net', 'september');
    while ((await deliverDueMail({ db: ctx.db, transport, from: 'hello@deliver.example.com', options: { now, siteUrl: SITE } })).claimed);
    const [older, newer] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'twice@deliver.example.net'))
      .orderBy(mailOutbox.id);
    const named = standIn.mailgunEvent('twice@deliver.example.net', 'failed');
    await mailgunSays({ ...named, message: { headers: { 'message-id': stableMessageId(older!, SITE) } } });
    const marks = await ctx.db
      .select({ id: mailOutbox.id, feedback: mailOutbox.feedback })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'twice@deliver.example.net'))
      .orderBy(mailOutbox.id);
    expect(marks).toEqual([
      { id: older!.id, feedback: 'hard-bounce' },
      { id: newer!.id, feedback: null },
    ]);
  });
});

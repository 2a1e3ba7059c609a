/**
 * Stand-ins for the mail providers' notifications (docs/decisions/0086): each builds the request its
 * provider's reference documents, with the payload shape it documents, signed as it signs (Postmark:
 * basic auth; Mailgun: HMAC-SHA256 of timestamp + token; SendGrid: ECDSA P-256 over timestamp +
 * body; Resend: Svix's HMAC over id.timestamp.body; SES: an SNS message signed with the private key
 * of the certificate the SNS stand-in serves, whose SubscribeURL it records visits to).
 */
import { execFileSync } from 'node:child_process';
import { createHmac, createSign, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useLoopbackServer } from '../loopback-server.ts';

const URL_BASE = 'http://localhost/api/webhooks/mail/';

export const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
  new Request(URL_BASE + provider, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

export function postmarkRequest(record: Record<string, unknown>, credentials: { user: string; password: string } | null) {
  const auth: Record<string, string> = credentials
    ? { authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` }
    : {};
  return post('postmark', JSON.stringify(record), auth);
}

/** Postmark's Bounce webhook record (its documented example, for this address). */
export const postmarkBounce = (email: string, type = 'HardBounce', id = 4323372036854775) => ({
  RecordType: type === 'SpamComplaint' ? 'SpamComplaint' : 'Bounce',
  ID: id,
  Type: type,
  TypeCode: type === 'HardBounce' ? 1 : 512,
  Name: 'Hard bounce',
  Tag: 'Test',
  MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
  ServerID: 23,
  MessageStream: 'outbound',
  Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
  Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
  Email: email,
  From: 'sender@example.com',
  BouncedAt: new Date().toISOString(),
  DumpAvailable: true,
  Inactive: true,
  CanActivate: true,
  Subject: 'Your access',
  Content: '',
  Metadata: {},
});

export function mailgunRequest(eventData: Record<string, unknown>, signingKey: string, token = randomUUID().replace(/-/g, '')) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  return post('mailgun', JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData }));
}

/** Mailgun's "failed" (permanent or temporary) or "complained" event-data. */
export const mailgunEvent = (recipient: string, event: 'failed' | 'complained', severity: 'permanent' | 'temporary' = 'permanent') => ({
  id: randomUUID(),
  event,
  ...(event === 'failed' ? { severity, reason: 'bounce' } : {}),
  timestamp: Date.now() / 1000,
  recipient,
  'delivery-status': { code: 550, message: '5.1.1 The email account does not exist', description: 'Not delivered' },
  message: { headers: { 'message-id': '20130503182626.18666.16540@example.com', to: recipient, subject: 'Your access' } },
  flags: { 'is-test-mode': false },
});

export function sendgridKeys(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { privateKey, publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };
}

export function sendgridRequest(events: unknown[], privateKey: KeyObject) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64');
  return post('sendgrid', body, {
    'x-twilio-email-event-webhook-signature': signature,
    'x-twilio-email-event-webhook-timestamp': timestamp,
  });
}

/** A SendGrid Event Webhook event (bounce, spamreport, delivered, ...). */
export const sendgridEvent = (email: string, event: string, type?: string) => ({
  email,
  timestamp: Math.floor(Date.now() / 1000),
  'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
  event,
  ...(type ? { type, reason: '500 unknown recipient', status: '5.0.0' } : {}),
  category: 'cat facts',
  sg_event_id: randomUUID(),
  sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
});

export function resendRequest(payload: Record<string, unknown>, secret: string, id = `msg_${randomUUID()}`) {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return post('resend', body, { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}` });
}

/** Resend's email.bounced / email.complained payload. */
export const resendEvent = (to: string, type: 'email.bounced' | 'email.complained', bounceType = 'Permanent') => ({
  type,
  created_at: new Date().toISOString(),
  data: {
    created_at: new Date().toISOString(),
    email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
    from: 'Summit <hello@example.com>',
    to: [to],
    subject: 'Your access',
    ...(type === 'email.bounced' ? { bounce: { message: 'The recipient does not exist.', subType: 'General', type: bounceType } } : {}),
  },
});

/**
 * Amazon SNS for SES: a certificate served on loopback (as SNS serves its SigningCertURL), the
 * subscription confirmations visited, and messages signed with the certificate's key.
 */
export function useSnsStandIn(topicArn: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sns-stand-in-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=sns.amazonaws.com',
      '-days',
      '2',
      '-keyout',
      path.join(folder, 'key.pem'),
      '-out',
      path.join(folder, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = fs.readFileSync(path.join(folder, 'key.pem'), 'utf8');
  const cert = fs.readFileSync(path.join(folder, 'cert.pem'), 'utf8');
  fs.rmSync(folder, { recursive: true, force: true });
  const confirmed: string[] = [];
  const server = useLoopbackServer((req, res) => {
    if (req.url === '/SimpleNotificationService.pem') return res.end(cert);
    if (req.url?.startsWith('/confirm')) confirmed.push(req.url);
    res.end('<ConfirmSubscriptionResponse/>');
  });
  const signed = (message: Record<string, string>, version: '1' | '2'): Record<string, string> => {
    const fields =
      message.Type === 'Notification'
        ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
        : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
    const text = fields
      .filter((name) => message[name] !== undefined)
      .map((name) => `${name}\n${message[name]}\n`)
      .join('');
    const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(text)
      .sign(key, 'base64');
    return { ...message, SignatureVersion: version, Signature: signature, SigningCertURL: `${server.url}/SimpleNotificationService.pem` };
  };
  return {
    confirmed,
    get origin() {
      return server.url;
    },
    notification(sesMessage: Record<string, unknown>, version: '1' | '2' = '1', topic = topicArn) {
      return signed(
        {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topic,
          Message: JSON.stringify(sesMessage),
          Timestamp: new Date().toISOString(),
          UnsubscribeURL: `${server.url}/unsubscribe`,
        },
        version,
      );
    },
    subscription() {
      const token = randomUUID();
      return signed(
        {
          Type: 'SubscriptionConfirmation',
          MessageId: randomUUID(),
          Token: token,
          TopicArn: topicArn,
          Message: `You have chosen to subscribe to the topic ${topicArn}.`,
          SubscribeURL: `${server.url}/confirm?Token=${token}`,
          Timestamp: new Date().toISOString(),
        },
        '2',
      );
    },
  };
}

/** SES's bounce or complaint notification content, as SES documents it. */
export const sesBounce = (address: string, bounceType: 'Permanent' | 'Transient' = 'Permanent') => ({
  notificationType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType: 'General',
    bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    timestamp: new Date().toISOString(),
    feedbackId: '000001378603176d-5a4b5ad9-6f30-4198-a8c3-b1eb0c270a1d-000000',
  },
  mail: {
    timestamp: new Date().toISOString(),
    source: 'hello@example.com',
    messageId: '00000137860315fd-34208509-5b74-41f3-95c5-22c1edc3c924-000000',
    destination: [address],
  },
});
export const sesComplaint = (address: string) => ({
  notificationType: 'Complaint',
  complaint: {
    complainedRecipients: [{ emailAddress: address }],
    timestamp: new Date().toISOString(),
    feedbackId: '0000013786031775-fea503bc',
    complaintFeedbackType: 'abuse',
  },
  mail: {
    timestamp: new Date().toISOString(),
    source: 'hello@example.com',
    messageId: '0000013786031775-163e3910-53eb-4c8e-a04a-f29debf88a84-000000',
    destination: [address],
  },
});

/**
 * Standard Webhooks headers for one delivery (docs/decisions/0058), signed by the
 * `standardwebhooks` package: webhook-id is the event's, the same on every retry and every
 * resend; during the 24 h after a rotation the old secret signs too, so a receiver still holding
 * it keeps verifying.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const messageId = (eventId: number) => `msg_${eventId}`;

export interface SigningKeys {
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/** `sentAt` is the real time: receivers compare it with their own clock. */
export function signedHeaders({ eventId, body, keys, sentAt }: { eventId: number; body: string; keys: SigningKeys; sentAt: Date }) {
  const id = messageId(eventId);
  const secrets = [keys.secret];
  if (keys.previousSecret && keys.previousSecretUntil && keys.previousSecretUntil.getTime() > sentAt.getTime()) {
    secrets.push(keys.previousSecret);
  }
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, sentAt, body)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/** Reads the .eml files the server wrote into its outbox folder. */
import fs from 'node:fs';
import path from 'node:path';

/**
 * A message with its quoted-printable parts decoded, so a sentence or a link is found whole
 * (the e-mails' long lines are wrapped with soft line breaks).
 */
function readable(raw: string): string {
  const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(unwrapped, 'latin1').toString('utf8');
}

export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readable(fs.readFileSync(path.join(dir, name), 'utf8')));
}

export function messagesTo(dataDir: string, email: string): string[] {
  return outboxMessages(dataDir).filter((message) => message.includes(`To: ${email}`));
}

/**
 * The registration confirmations among them: registering for an evergreen edition also sends
 * the edition's "day 1 is open" e-mail at once (decision 0021), which these tests do not count.
 */
export const isConfirmation = (message: string) => message.includes('officially registered');

export function confirmationsTo(dataDir: string, email: string): string[] {
  return messagesTo(dataDir, email).filter(isConfirmation);
}

/** A unique address per test run, so parallel tests never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A unique client address for the rate limiter (the e2e server trusts X-Forwarded-For). */
export function uniqueClientAddress(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}-${Math.random().toString(36).slice(2, 8)}`;
}

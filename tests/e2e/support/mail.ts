/** Reads the .eml files the server wrote into its outbox folder. */
import fs from 'node:fs';
import path from 'node:path';

export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

export function messagesTo(dataDir: string, email: string): string[] {
  return outboxMessages(dataDir).filter((message) => message.includes(`To: ${email}`));
}

/**
 * The registration confirmations among them: registering for an evergreen edition also sends
 * the edition's "day 1 is open" e-mail at once (issue 18), which these tests do not count.
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

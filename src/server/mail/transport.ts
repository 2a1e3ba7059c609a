/**
 * Where mail goes: with SMTP_URL set, to that server; otherwise each message is written as an
 * .eml file into DATA_DIR/outbox, so a host can see exactly what attendees would receive. Either
 * way signed with DKIM when the settings name a key (dkim.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { oneLineText, xmlSafeText } from '../../domain/plain-text.ts';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../owner-only-files.ts';
import { signingOption, type DkimSettings } from './dkim.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID per (registrant, message): a re-send after a crash is recognisably the same message. */
  messageId?: string;
  /** E.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing messages. */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** The brand's reply-to address, when it names one. */
  replyTo?: string | undefined;
}

/**
 * The message as it may be written out: headers one line without control characters, bodies
 * without what XML forbids; a title pasted with a vertical tab stays readable.
 */
function writable(mail: OutgoingMail, from: string, dkim: DkimSettings | null) {
  return {
    ...signingOption(dkim),
    ...mail,
    to: oneLineText(mail.to),
    subject: oneLineText(mail.subject),
    text: xmlSafeText(mail.text),
    html: xmlSafeText(mail.html),
    headers: mail.headers && Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, oneLineText(value)])),
    from: oneLineText(from),
    replyTo: mail.replyTo && oneLineText(mail.replyTo),
  };
}

export interface MailTransport {
  kind: 'file' | 'smtp';
  send(mail: OutgoingMail, from: string): Promise<void>;
}

export function fileTransport(outboxDir: string, dkim: DkimSettings | null = null): MailTransport {
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail, from) {
      const info = await renderer.sendMail(writable(mail, from, dkim));
      // Owner-only whatever the umask: each message holds a registrant's address and personal links.
      await fs.mkdir(outboxDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const target = path.join(outboxDir, name);
      await fs.writeFile(`${target}.tmp`, info.message as Buffer, { mode: OWNER_ONLY_FILE });
      await fs.rename(`${target}.tmp`, target);
    },
  };
}

/** Pooled connections (unless the URL says otherwise), so a burst of due messages is sent in parallel. */
export const SMTP_CONNECTIONS = 4;

export function smtpTransport(url: string, dkim: DkimSettings | null = null): MailTransport {
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) {
    pooled.searchParams.set('pool', 'true');
    pooled.searchParams.set('maxConnections', String(SMTP_CONNECTIONS));
    pooled.searchParams.set('maxMessages', 'Infinity');
  }
  const transporter = nodemailer.createTransport(pooled.toString());
  return {
    kind: 'smtp',
    async send(mail, from) {
      await transporter.sendMail(writable(mail, from, dkim));
    },
  };
}

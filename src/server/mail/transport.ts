/**
 * Where mail goes: with SMTP_URL set, to that server; otherwise each message is written as an
 * .eml file into DATA_DIR/outbox, so a host can see exactly what attendees would receive.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'file' | 'smtp';
  send(mail: OutgoingMail, from: string): Promise<void>;
}

export function fileTransport(outboxDir: string): MailTransport {
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail, from) {
      const info = await renderer.sendMail({ ...mail, from });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const target = path.join(outboxDir, name);
      await fs.writeFile(`${target}.tmp`, info.message as Buffer);
      await fs.rename(`${target}.tmp`, target);
    },
  };
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail, from) {
      await transporter.sendMail({ ...mail, from });
    },
  };
}

/**
 * A real SMTP server on loopback (the smtp-server package) that answers each recipient as the test
 * says: accepts it, refuses it for good (550 at RCPT TO) or defers it (451 at RCPT TO). It keeps
 * the recipient and Message-ID of every message it accepts, the message itself, and every RCPT TO
 * it was asked.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type RecipientAnswer = 'accept' | 'hard' | 'soft';

export interface BouncingSmtp {
  url: string;
  /** The answer per address (lower case); an address not listed is accepted. */
  answers: Map<string, RecipientAnswer>;
  accepted: { to: string; messageId: string }[];
  /** Every accepted message as it arrived, headers and body. */
  messages: Buffer[];
  asked: string[];
  close(): Promise<void>;
}

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startBouncingSmtp(): Promise<BouncingSmtp> {
  const answers = new Map<string, RecipientAnswer>();
  const accepted: { to: string; messageId: string }[] = [];
  const asked: string[] = [];
  const messages: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The site's pooled connections stay open: closing waits this long for them, not 30 s.
    closeTimeout: 100,
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      asked.push(to);
      const answer = answers.get(to) ?? 'accept';
      if (answer === 'hard') return callback(refusal(550, '5.1.1 <' + to + '>: Recipient address rejected: User unknown'));
      if (answer === 'soft') return callback(refusal(451, '4.7.1 <' + to + '>: Greylisted, try again later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        messages.push(message);
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(message.toString('utf8'))?.[1] ?? '';
        for (const rcpt of session.envelope.rcptTo) accepted.push({ to: rcpt.address.toLowerCase(), messageId });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    answers,
    accepted,
    messages,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address of an SMTP server that is not there: a port listened on once and closed. */
export async function stoppedSmtpUrl(): Promise<string> {
  const server = new SMTPServer({ authOptional: true, logger: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}?ignoreTLS=true`;
}

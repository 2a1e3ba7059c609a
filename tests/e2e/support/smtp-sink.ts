/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts,
 * parsed with mailparser: what an attendee's mail provider would receive from the app.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Raw Message-ID of every accepted message, in order (duplicates included). */
  messageIds: string[];
  to(address: string): ParsedMail[];
  waitFor(predicate: (messages: ParsedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const messages: ParsedMail[] = [];
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    // The site keeps its pooled connections open: closing waits this long for them, not 30 s.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('utf8'))?.[1] ?? '';
        messageIds.push(id);
        if (!parse) return callback();
        simpleParser(raw)
          .then((parsed) => {
            messages.push(parsed);
            callback();
          })
          .catch(callback);
      });
    },
  });
  // A client killed mid-session (the crash tests do it on purpose) resets its connection: that is
  // the client's failure, not the sink's, and must not end the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    messageIds,
    to: (address) => messages.filter((message) => message.to && !Array.isArray(message.to) && message.to.text === address),
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for mail; have ${messages.length} (${messageIds.length} accepted)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What an SMTP server's answer to one copy means for its address (docs/decisions/0082). Every copy
 * has one recipient, so an answer to RCPT TO (or to DATA) is about that address:
 * - 5xx to RCPT TO: a hard bounce. The address is suppressed and the copy is not tried again.
 * - 5xx to DATA: this message is refused for good (its content, its size); the copy is not tried
 *   again, and the address is not marked: another message may well go.
 * - 4xx to RCPT TO or DATA (other than 421): a soft bounce. The copy waits the queue's backoff;
 *   three in a row for one address suppress it.
 * - Anything else (refused or dropped connection, timeout, TLS, DNS, authentication, 421 "closing",
 *   an answer to MAIL FROM, which is about our sender): the sending failed, not the address. The
 *   copy is retried and no registrant is ever marked.
 */
export type SmtpOutcome =
  | { kind: 'hard-bounce'; detail: string }
  | { kind: 'refused'; detail: string }
  | { kind: 'soft-bounce'; detail: string }
  | { kind: 'not-delivered'; detail: string };

/** The fields of nodemailer's error this reads (smtp-connection's _formatError). */
export interface SmtpFailure {
  message?: unknown;
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  rejectedErrors?: unknown;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : value instanceof Error ? value.message : String(value));

/** The recipient's own answer when the error carries one (a rejected RCPT TO), else the error's. */
function recipientAnswer(error: SmtpFailure): { code: number | null; command: string | null; response: string } {
  const rejected = Array.isArray(error.rejectedErrors) ? (error.rejectedErrors[0] as SmtpFailure | undefined) : undefined;
  const source = rejected ?? error;
  const code = typeof source.responseCode === 'number' ? source.responseCode : null;
  const command = typeof source.command === 'string' ? source.command : typeof error.command === 'string' ? error.command : null;
  const response = typeof source.response === 'string' ? source.response : textOf(source.message ?? error.message ?? error);
  return { code, command, response };
}

export function smtpOutcome(error: unknown): SmtpOutcome {
  if (typeof error !== 'object' || error === null) return { kind: 'not-delivered', detail: textOf(error) };
  const failure = error as SmtpFailure;
  const { code, command, response } = recipientAnswer(failure);
  const aboutRecipient = command === 'RCPT TO' || command === 'DATA';
  if (code === null || !aboutRecipient || code === 421) {
    return { kind: 'not-delivered', detail: textOf(failure.message ?? error) };
  }
  if (code >= 500 && code < 600)
    return command === 'RCPT TO' ? { kind: 'hard-bounce', detail: response } : { kind: 'refused', detail: response };
  if (code >= 400 && code < 500) return { kind: 'soft-bounce', detail: response };
  return { kind: 'not-delivered', detail: textOf(failure.message ?? error) };
}

/** What an SMTP answer says of the address (docs/decisions/0082), from errors shaped as nodemailer makes them. */
import { describe, expect, it } from 'vitest';
import { smtpOutcome } from '../../../src/domain/suppression/smtp-answer.ts';

const answer = (command: string, response: string, extra: object = {}) =>
  Object.assign(new Error(`Failed: ${response}`), {
    code: 'EENVELOPE',
    command,
    response,
    responseCode: Number(response.slice(0, 3)),
    ...extra,
  });

describe('SMTP answers', () => {
  it('a 5xx to RCPT TO is a hard bounce with the recipient’s own answer', () => {
    const rejected = answer('RCPT TO', '550 5.1.1 User unknown');
    expect(smtpOutcome(answer('RCPT TO', '554 all recipients rejected', { rejectedErrors: [rejected] }))).toEqual({
      kind: 'hard-bounce',
      detail: '550 5.1.1 User unknown',
    });
  });
  it('a 5xx to DATA refuses the message, not the address', () => {
    expect(smtpOutcome(answer('DATA', '552 Message too large')).kind).toBe('refused');
  });
  it('a 4xx to RCPT TO or DATA is a soft bounce, but 421 is the connection closing', () => {
    expect(smtpOutcome(answer('RCPT TO', '451 4.7.1 Greylisted')).kind).toBe('soft-bounce');
    expect(smtpOutcome(answer('DATA', '452 Mailbox full')).kind).toBe('soft-bounce');
    expect(smtpOutcome(answer('RCPT TO', '421 Service closing')).kind).toBe('not-delivered');
  });
  it('a failed connection, a timeout, TLS, an answer about our sender: never about the address', () => {
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', command: 'CONN' }),
      Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' }),
      Object.assign(new Error('certificate has expired'), { code: 'ETLS', command: 'STARTTLS' }),
      answer('MAIL FROM', '550 Sender rejected'),
      'a string thrown',
      null,
    ];
    for (const failure of failures) expect(smtpOutcome(failure).kind).toBe('not-delivered');
  });
});

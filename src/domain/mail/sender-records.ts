/**
 * The DNS records a sender's mail is judged by (docs/PRODUCT.md "Mail that keeps arriving"): SPF
 * on the sender's domain (which servers may send for it), DKIM at `selector._domainkey.domain`
 * (the public half of the key that signs each message), DMARC at `_dmarc.domain` (what a receiver
 * does with mail that fails both). Pure: what each record should say, and whether what DNS answered
 * says it. The lookups are src/server/mail/sender-dns.ts.
 */

export interface DkimPublicKey {
  /** DKIM_DOMAIN: the d= of each signature. */
  domain: string;
  /** DKIM_SELECTOR: the s= of each signature. */
  selector: string;
  /** The record's p=: the public key, base64 DER (SubjectPublicKeyInfo). */
  publicKey: string;
}

/** What DNS answered for a name: its TXT records (each joined from its strings), or that it could not be asked. */
export type TxtAnswer = { kind: 'records'; records: string[] } | { kind: 'unanswered'; why: string };

export type RecordStatus = 'published' | 'missing' | 'different' | 'not-checked' | 'not-used';

export interface SenderRecord {
  name: 'SPF' | 'DKIM' | 'DMARC';
  /** Where it is published: the TXT record's host name. */
  host: string;
  /** What to publish there (placeholders in angle brackets where only the host knows the value). */
  publish: string;
  status: RecordStatus;
  /** One sentence for the host: what was found, or what to do. */
  note: string;
}

/** The admin's Mail delivery screen (src/server/mail/mail-delivery-screen.ts). */
export interface MailDeliveryState {
  /** "smtp.example.com:465 (TLS)", or null when mail is written to files. */
  smtpServer: string | null;
  mailFrom: string;
  /** "d=pottery.example, s=summit2026", or null when the site does not sign. */
  signing: string | null;
  /** The sender's domain, or null when MAIL_FROM names none. */
  domain: string | null;
  /** Why the records were not looked up at all (a reserved domain), or null. */
  notLookedUp: string | null;
  records: SenderRecord[];
}

export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  published: 'Published',
  missing: 'Missing',
  different: 'Published, but not this key',
  'not-checked': 'Not checked',
  'not-used': 'Not used',
};

/** "Summit <hello@pottery.example>" → "pottery.example"; null when no address is in it. */
export function senderDomain(mailFrom: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const at = address.lastIndexOf('@');
  const domain =
    at === -1
      ? ''
      : address
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain) ? domain : null;
}

/** The DKIM record's host name. */
export function dkimHost(key: Pick<DkimPublicKey, 'domain' | 'selector'>): string {
  return `${key.selector}._domainkey.${key.domain}`;
}

/** The record a host publishes for their key. */
export function dkimRecordValue(key: DkimPublicKey): string {
  return `v=DKIM1; k=rsa; p=${key.publicKey}`;
}

/** A TXT record's tags ("v=DKIM1; p=…" → {v, p}), whitespace inside values removed as DKIM reads them. */
function tags(record: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) found.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return found;
}

function unanswered(record: Pick<SenderRecord, 'name' | 'host' | 'publish'>, why: string): SenderRecord {
  return { ...record, status: 'not-checked', note: `Not checked: ${why}` };
}

/**
 * DMARC passes when SPF or DKIM passes for a domain aligned with the sender's (the same, or one of
 * its parents or children under relaxed alignment): a key for another domain signs, but does not count.
 */
export function alignedDomains(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

export function spfRecord(domain: string, answer: TxtAnswer): SenderRecord {
  const publish = 'v=spf1 include:<your mail provider’s SPF domain> ~all';
  if (answer.kind === 'unanswered') return unanswered({ name: 'SPF', host: domain, publish }, answer.why);
  const spf = answer.records.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  if (spf.length > 1)
    return {
      name: 'SPF',
      host: domain,
      publish,
      status: 'different',
      note: `${spf.length} SPF records: receivers ignore all of them. Merge them into one.`,
    };
  return spf.length
    ? { name: 'SPF', host: domain, publish, status: 'published', note: `Found: ${spf[0]}` }
    : {
        name: 'SPF',
        host: domain,
        publish,
        status: 'missing',
        note: 'No SPF record: publish one naming the servers that send for you (your provider documents its include).',
      };
}

export function dkimRecord(key: DkimPublicKey | null, answer: TxtAnswer | null, fromDomain: string): SenderRecord {
  if (!key || !answer)
    return {
      name: 'DKIM',
      host: '<selector>._domainkey.<your domain>',
      publish: 'v=DKIM1; k=rsa; p=<public key>',
      status: 'not-used',
      note: 'This site does not sign (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY are unset). A mail provider that signs for you gives its own DKIM records.',
    };
  const host = dkimHost(key);
  const publish = dkimRecordValue(key);
  if (answer.kind === 'unanswered') return unanswered({ name: 'DKIM', host, publish }, answer.why);
  const keys = answer.records.map(tags).filter((record) => record.has('p'));
  const aligned = alignedDomains(key.domain, fromDomain)
    ? ''
    : ` DKIM_DOMAIN (${key.domain}) is not the sender’s domain (${fromDomain}): DMARC will not count this signature.`;
  if (keys.some((record) => record.get('p') === key.publicKey))
    return { name: 'DKIM', host, publish, status: 'published', note: `The public key matches the signing key.${aligned}` };
  if (keys.length)
    return {
      name: 'DKIM',
      host,
      publish,
      status: 'different',
      note: `A key is published there, but not the one this site signs with: replace it with the record shown.${aligned}`,
    };
  return {
    name: 'DKIM',
    host,
    publish,
    status: 'missing',
    note: `Nothing published there yet: receivers cannot check the signature.${aligned}`,
  };
}

export function dmarcRecord(domain: string, answer: TxtAnswer, reportTo: string | null): SenderRecord {
  const host = `_dmarc.${domain}`;
  const publish = `v=DMARC1; p=none; rua=mailto:${reportTo ?? `<an address of yours at ${domain}>`}`;
  if (answer.kind === 'unanswered') return unanswered({ name: 'DMARC', host, publish }, answer.why);
  const dmarc = answer.records.find((record) => /^v=DMARC1\s*(;|$)/i.test(record.trim()));
  return dmarc
    ? { name: 'DMARC', host, publish, status: 'published', note: `Found: ${dmarc}` }
    : {
        name: 'DMARC',
        host,
        publish,
        status: 'missing',
        note: 'No DMARC record: Gmail and Yahoo ask bulk senders for one (p=none is enough to start).',
      };
}

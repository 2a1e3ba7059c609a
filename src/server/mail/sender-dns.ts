/**
 * The admin's check of the sender's DNS records (docs/decisions/0087): three TXT lookups (SPF,
 * DKIM, DMARC) through the machine's resolver, answered by the rules of
 * src/domain/mail/sender-records.ts. A site with no network (a laptop on a train, a sandbox) gets
 * "not checked" at once rather than a page that waits: one try, a short timeout, and the three in
 * parallel.
 */
import { Resolver } from 'node:dns/promises';
import {
  dkimHost,
  dkimRecord,
  dmarcRecord,
  senderDomain,
  spfRecord,
  type SenderRecord,
  type TxtAnswer,
} from '../../domain/mail/sender-records.ts';
import type { DkimSettings } from './dkim.ts';

/** How long one lookup may take before the check says it could not ask. */
const LOOKUP_TIMEOUT_MS = 2500;

/** Codes of a name that answered with nothing of the kind: the record is missing, not unknown. */
const ANSWERED_EMPTY = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/** A resolver of TXT records; the machine's own by default (tests give one pointed at their own DNS server). */
export function txtResolver(servers?: string[]): Pick<Resolver, 'resolveTxt'> {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (servers) resolver.setServers(servers);
  return resolver;
}

async function txt(resolver: Pick<Resolver, 'resolveTxt'>, host: string): Promise<TxtAnswer> {
  try {
    const records = await resolver.resolveTxt(host);
    return { kind: 'records', records: records.map((chunks) => chunks.join('')) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (ANSWERED_EMPTY.has(code)) return { kind: 'records', records: [] };
    return { kind: 'unanswered', why: `DNS did not answer (${code || 'no network'}); the site may be offline.` };
  }
}

export interface SenderCheck {
  /** The sender's domain (from MAIL_FROM), or null when MAIL_FROM names no domain to check. */
  domain: string | null;
  records: SenderRecord[];
}

/** SPF, DKIM and DMARC for the sender, as DNS answers them now. */
export async function checkSenderRecords(
  { mailFrom, dkim, reportTo }: { mailFrom: string; dkim: DkimSettings | null; reportTo: string | null },
  resolver: Pick<Resolver, 'resolveTxt'> = txtResolver(),
): Promise<SenderCheck> {
  const domain = senderDomain(mailFrom);
  if (!domain) return { domain: null, records: [] };
  const key = dkim && { domain: dkim.domainName, selector: dkim.keySelector, publicKey: dkim.publicKey };
  const [spf, signing, dmarc] = await Promise.all([
    txt(resolver, domain),
    key ? txt(resolver, dkimHost(key)) : Promise.resolve(null),
    txt(resolver, `_dmarc.${domain}`),
  ]);
  return { domain, records: [spfRecord(domain, spf), dkimRecord(key, signing, domain), dmarcRecord(domain, dmarc, reportTo)] };
}

/**
 * Admin → Mail delivery (/admin/mail-delivery, docs/decisions/0087): how the site's mail leaves
 * (an SMTP server, named without its credentials, or files), who it is from, whether it is signed
 * with DKIM, and whether the sender's SPF, DKIM and DMARC records are published, with the record to
 * publish for each. Read-only: the settings are the host's environment (README "Configuration").
 */
import { senderDomain, type MailDeliveryState } from '../../domain/mail/sender-records.ts';
import type { Env } from '../env.ts';
import { checkSenderRecords, txtResolver } from './sender-dns.ts';

/** Names no one can publish records for (RFC 2606 and 6761). */
const RESERVED = /(^|\.)(localhost|local|test|example|invalid|internal)$/;

function smtpServerOf(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return `${parsed.hostname}:${port}${parsed.protocol === 'smtps:' ? ' (TLS)' : ''}`;
}

/**
 * `reportTo`: where the DMARC record sends its reports (the brand's reply-to or support address);
 * `dnsServers`: the resolvers to ask, the machine's own when absent.
 */
export async function mailDeliveryScreen(
  config: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dkim'>,
  { reportTo, dnsServers }: { reportTo: string | null; dnsServers?: string[] },
): Promise<MailDeliveryState> {
  const { dkim } = config;
  const base = {
    smtpServer: smtpServerOf(config.SMTP_URL),
    mailFrom: config.MAIL_FROM,
    signing: dkim ? `d=${dkim.domainName}, s=${dkim.keySelector}` : null,
  };
  const domain = senderDomain(config.MAIL_FROM);
  if (domain && RESERVED.test(domain))
    return {
      ...base,
      domain,
      notLookedUp: `${domain} is a reserved name no one can publish records for: set MAIL_FROM to an address at your own domain.`,
      records: [],
    };
  const checked = await checkSenderRecords({ mailFrom: config.MAIL_FROM, dkim, reportTo }, txtResolver(dnsServers));
  return { ...base, domain: checked.domain, notLookedUp: checked.domain ? null : 'MAIL_FROM names no domain.', records: checked.records };
}

/**
 * What the privacy page says, gathered from the site as it runs (docs/PRODUCT.md "Privacy page"):
 * the brand's legal information, the cookies (site-cookies.ts), the providers configured now
 * (payments, e-mail, file storage, e-mail lists, webhooks) and each edition's retention. Only
 * a provider's name or a host name is shown, never an address with its credentials.
 */
import { asc, eq } from 'drizzle-orm';
import { PROVIDERS, isListProvider } from '../../domain/list-sync/providers.ts';
import type { ConnectedProvider, PrivacyFacts } from '../../domain/privacy/privacy-notice.ts';
import type { Database } from '../db/client.ts';
import { editions, webhookEndpoints } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { retentionEditions } from '../retention/retention-job.ts';
import { SITE_COOKIES } from './site-cookies.ts';

/** The configuration the page reads: which providers are set up. */
export type PrivacySettings = Pick<Env, 'STRIPE_SECRET_KEY' | 'SMTP_URL' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION'>;

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
};

function configuredProviders(settings: PrivacySettings): ConnectedProvider[] {
  const providers: ConnectedProvider[] = [];
  if (settings.STRIPE_SECRET_KEY)
    providers.push({
      name: 'Stripe (payments)',
      receives:
        'When you buy a pass: your e-mail and your payment, on Stripe’s own checkout page. The site keeps the pass, the amount and Stripe’s receipt link.',
    });
  const smtpHost = settings.SMTP_URL ? hostOf(settings.SMTP_URL) : null;
  if (smtpHost)
    providers.push({
      name: `The e-mail server at ${smtpHost}`,
      receives: 'Your first name and e-mail address, to send you the site’s e-mails.',
    });
  if (settings.S3_BUCKET) {
    const storageHost = settings.S3_ENDPOINT ? hostOf(settings.S3_ENDPOINT) : `Amazon S3 (${settings.S3_REGION})`;
    providers.push({
      name: `File storage at ${storageHost ?? 'an S3 service'}`,
      receives: 'Uploaded images and episode audio; no one’s registration.',
    });
  }
  return providers;
}

async function connectedEndpoints(db: Pick<Database, 'select'>): Promise<ConnectedProvider[]> {
  const rows = await db
    .select({ kind: webhookEndpoints.kind, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, 'active'))
    .orderBy(asc(webhookEndpoints.id));
  const seen = new Map<string, ConnectedProvider>();
  for (const row of rows) {
    const provider: ConnectedProvider = isListProvider(row.kind)
      ? {
          name: `${PROVIDERS[row.kind].label} (e-mail list)`,
          receives: 'The first name and e-mail of registrants who agreed to the marketing e-mails, and what they bought.',
        }
      : {
          name: `Webhooks to ${hostOf(row.url) ?? 'another service'}`,
          receives: 'Registrations, purchases and erasures, with the registrant’s first name and e-mail.',
        };
    seen.set(provider.name, provider);
  }
  return [...seen.values()];
}

export async function loadPrivacyFacts(db: Database, settings: PrivacySettings): Promise<PrivacyFacts> {
  const [brand, endpoints, retention, names] = await Promise.all([
    loadSiteBrand(),
    connectedEndpoints(db),
    retentionEditions(db),
    db.select({ id: editions.id, name: editions.name }).from(editions).orderBy(asc(editions.position), asc(editions.id)),
  ]);
  const retentionOf = new Map(retention.map((edition) => [edition.id, edition.retention]));
  return {
    owner: brand.legal.companyName ?? brand.summitName,
    contactEmail: brand.supportEmail,
    policyUrl: brand.legal.privacyPolicyUrl,
    cookies: SITE_COOKIES.map(({ setIn: _setIn, ...cookie }) => cookie),
    providers: [...configuredProviders(settings), ...endpoints],
    editions: names.flatMap((edition) => {
      const rule = retentionOf.get(edition.id);
      return rule ? [{ name: edition.name, retention: rule }] : [];
    }),
  };
}

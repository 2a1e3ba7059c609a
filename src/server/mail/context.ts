/** What every registrant e-mail says about the site: its address, the brand's name and support e-mail. */
import { loadSiteBrand } from '../brand/site-brand.ts';

export interface MailContext {
  siteUrl: string;
  summitName: string;
  /** The brand's support e-mail; the edition's when the brand sets none. */
  supportEmail: string | null;
}

/**
 * The running site's mail context: routes call this with the configured site URL (config.siteUrl);
 * the server functions take the context as a value, so tests can pass their own.
 */
export async function siteMailContext(siteUrl: string): Promise<MailContext> {
  const brand = await loadSiteBrand();
  return { siteUrl, summitName: brand.summitName, supportEmail: brand.supportEmail };
}

/** What every registrant e-mail says about the site: its address, the brand's name and support e-mail. */
import { loadSiteBrand } from '../brand/site-brand.ts';
import { env } from '../env.ts';

export interface MailContext {
  siteUrl: string;
  summitName: string;
  /** The brand's support e-mail; the edition's when the brand sets none. */
  supportEmail: string | null;
}

/** The running site's mail context (routes call this; the server functions take it as a value, so tests can pass their own). */
export async function siteMailContext(): Promise<MailContext> {
  const brand = await loadSiteBrand();
  return { siteUrl: env().siteUrl, summitName: brand.summitName, supportEmail: brand.supportEmail };
}

/**
 * Hands each process-wide piece its part of the parsed configuration (src/server/env.ts), so
 * nothing below the entries reads the environment (docs/decisions/0023). The entries call it
 * first: src/server/boot.ts (the server), src/server/cli/*.ts, src/middleware.ts under `astro
 * dev` (which runs no boot), and the unit tests' setup (tests/support/configure-process.ts).
 *
 * Until configured, a piece that has a safe default fails closed with the environment's default
 * (the test clock off, no proxy trusted, log level info); a piece that would otherwise put or read
 * data in the wrong place refuses loudly (the database, the uploads folder, the access-key secret).
 * Calling it again with the same configuration changes nothing.
 */
import { configureAccessKeys } from './access/keys.ts';
import { backupBeforeMigrating } from './backups/before-migrating.ts';
import { configureTestClock } from './clock.ts';
import { configureDatabase, type OnOpen } from './db/index.ts';
import { seedDemoContent } from './demo-content/seed.ts';
import { readEditionsAhead } from './editions/read-edition.ts';
import type { Env } from './env.ts';
import { configureRequestOrigin } from './http/request-origin.ts';
import { configureLog } from './log.ts';
import { ensureDefaultMessages } from './editions/edition-messages.ts';
import { configureUploads } from './uploads/upload-storage.ts';
import { configureListSync } from './list-sync/list-sync-config.ts';
import { configureCheckout } from './payments/checkout-config.ts';
import { configureCommissions } from './affiliates/commission-config.ts';
import { configureWebhooks } from './webhooks/webhook-config.ts';

export function configureProcess(config: Env): void {
  configureLog(config.LOG_LEVEL);
  configureTestClock(config.UNSAFE_TEST_CLOCK);
  configureRequestOrigin({
    trustProxy: config.TRUST_PROXY,
    hops: config.TRUSTED_PROXY_HOPS,
    siteUrl: config.SITE_URL,
    linkOrigin: config.siteUrl,
  });
  // A database already in use is backed up before a start migrates it (docs/decisions/0061).
  configureDatabase(config, afterDatabaseOpens(config), backupBeforeMigrating(config));
  configureUploads(config.dataDir, { objectStorage: config.objectStorage, mediaPublicUrl: config.MEDIA_PUBLIC_URL });
  configureAccessKeys(config.ACCESS_KEY_SECRET);
  configureWebhooks(config.WEBHOOKS_ALLOW_PRIVATE);
  configureCheckout({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL });
  configureCommissions({ holdDays: config.COMMISSION_HOLD_DAYS });
  configureListSync({ kit: config.KIT_API_URL, mailchimp: config.MAILCHIMP_API_URL, activecampaign: config.ACTIVECAMPAIGN_API_URL });
}

/**
 * What runs once the database is migrated: the demo content into a new database
 * (SEED_DEMO_CONTENT), every edition's default e-mails, and every edition read ahead, so public
 * pages can be shown during a later outage, even ones nobody asked for yet (decision 0024).
 */
export function afterDatabaseOpens(config: Pick<Env, 'SEED_DEMO_CONTENT'>): OnOpen[] {
  return [...(config.SEED_DEMO_CONTENT ? [seedDemoContent] : []), ensureDefaultMessages, readEditionsAhead];
}

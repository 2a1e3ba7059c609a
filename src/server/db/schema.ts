/**
 * The database schema: one definition for PGlite (embedded default) and Postgres (scale-out),
 * one file a concept in ./schema/ (column helpers in ./schema/columns.ts); this file is the one
 * import point for the tables. Field names follow docs/PRODUCT.md "Content entities" in camelCase on the
 * TypeScript side, snake_case in SQL.
 * Migrations in ./drizzle are generated from this file with `npm run db:generate`.
 */
export { editions, timerConfigs, editionDays, homeEdition } from './schema/editions.ts';
export { episodes } from './schema/episodes.ts';
export { editionPodcasts } from './schema/podcast.ts';
export { speakers, hosts, implementationSessions, bonusBundleItems } from './schema/people.ts';
export { userSessions, registrants, registrantVisits, registrantPageOpens } from './schema/registrants.ts';
export { purchases, paymentEvents, paymentReversals, heldPayments } from './schema/payments.ts';
export { mailOutbox, editionMessages, mailPreferences, dismissedDefaultMessages } from './schema/mail.ts';
export { adminUsers, adminSessions, auditLog } from './schema/admin.ts';
export { sponsors, faqItems, brandConfigs } from './schema/site-content.ts';
export { uploadedFiles, rateLimits, appMeta } from './schema/installation.ts';
export { episodeDownloads, feedNetworks, listeningAddresses, sharedFeedFlags } from './schema/listening.ts';
export { shareLinks, shareLinkClicks, registrationSources } from './schema/attribution.ts';
export { webhookEndpoints, webhookEvents, webhookDeliveries, webhookAttempts, listContacts } from './schema/webhooks.ts';
export { apiTokens, apiIdempotencyKeys } from './schema/api.ts';
export { commissionEntries } from './schema/affiliates.ts';
export { importJobs } from './schema/imports.ts';
export { emailSuppressions, emailSoftBounces, emailAddressChanges, mailFeedbackSeen, mailSendPace } from './schema/suppression.ts';
export { dataRequests } from './schema/data-requests.ts';
export { consentRecords } from './schema/consent-records.ts';

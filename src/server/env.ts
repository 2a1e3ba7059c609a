/**
 * Every environment variable the product reads, parsed once with Zod. Each has a default that
 * runs with no setup; README.md "Configuration" documents the same list.
 */
import os from 'node:os';
import path from 'node:path';
import { Encrypter } from 'age-encryption';
import { z } from 'zod';
import type { S3Settings } from './uploads/s3-storage.ts';
import { dkimSettingsOf, type DkimSettings } from './mail/dkim.ts';
import { DEFAULT_LISTENERS_PER_ADDRESS } from '../domain/listening/suspicious-addresses.ts';
import { DEFAULT_LIST_API_URLS } from './list-sync/list-sync-config.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

/** A recipient age accepts (its checksum included), so a mistyped key stops the start, not a backup at night. */
function isAgeRecipient(value: string): boolean {
  try {
    new Encrypter().addRecipient(value);
    return true;
  } catch {
    return false;
  }
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** A yes/no setting: true, false, 1 or 0. */
const flag = (defaultValue: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(defaultValue)
    .transform((value) => value === 'true' || value === '1');

/** An API address that may hold `{dc}` (a Mailchimp key's data centre) or `{account}` (the account's address). */
const listApiUrl = (defaultValue: string) =>
  z
    .string()
    .trim()
    .default(defaultValue)
    .refine((value) => URL.canParse(value.replace('{dc}', 'us1').replace('{account}', 'https://account.example.com')), {
      message: 'must be an http(s) address, optionally with {dc} or {account} in it',
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database, the mail outbox and uploads live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to run on a Postgres server instead of the embedded PGlite. */
  DATABASE_URL: optionalUrl,
  /** smtp(s)://user:pass@host:port to send mail for real; unset writes .eml files to the outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Summit <hello@summit.localhost>'),
  /** DKIM signing of every message (src/server/mail/dkim.ts): the domain, the selector and the RSA private key (PEM, or a file's path). */
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText,
  /** The public origin, for links in e-mails; defaults to http://localhost:PORT. */
  SITE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Seed the demo content into an empty database on start. */
  SEED_DEMO_CONTENT: flag('true'),
  /**
   * Behind a reverse proxy: trust X-Forwarded-For/-Proto/-Host as the proxy wrote them (the
   * client address is the entry the proxy appended, counted from the right).
   */
  TRUST_PROXY: flag('false'),
  /** How many trusted proxies append to X-Forwarded-For (a CDN in front of nginx: 2). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** Hours an anonymous upload (the public brand page) is kept unless an admin applies it. */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(24),
  /** Megabytes all unexpired anonymous uploads may take together. */
  UPLOAD_QUOTA_MB: z.coerce.number().min(1).max(1_000_000).default(200),
  /** Logo uploads accepted per client address per minute. */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  /** Registrations accepted per client address per minute. */
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  /** Requests each API token may make per minute, all app processes together (docs/decisions/0060). */
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1000000).default(600),
  /**
   * When the speakers source fails, show the bundled fallback list (docs/PRODUCT.md "Speakers grid"). A host
   * whose real line-up differs may prefer the error message instead: set false.
   */
  SPEAKERS_FALLBACK: flag('true'),
  /**
   * Tests only: lets a request set the server's "now" with an x-test-now header, so access
   * windows can be tested at any instant. Never enable in production: anyone could extend access.
   */
  UNSAFE_TEST_CLOCK: flag('false'),
  /**
   * The secret personal access keys are derived from (HMAC). Unset: one is generated into the
   * database on first start, shared by every process on it. Changing it re-issues every link.
   */
  ACCESS_KEY_SECRET: z
    .string()
    .trim()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The payment provider's webhook signing secret (Stripe: whsec_…). Unset: the webhook refuses every event. */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  /**
   * Bounces and complaints from the mail provider (docs/decisions/0086), one setting per provider's
   * own scheme; a provider whose setting is unset has every notification refused (503).
   * Amazon SES through SNS: the topic's ARN, the only topic whose signed messages are accepted.
   */
  SES_SNS_TOPIC_ARN: optionalText,
  /** Postmark: the basic-auth user and password put in the webhook's URL. */
  POSTMARK_WEBHOOK_USER: optionalText,
  POSTMARK_WEBHOOK_PASSWORD: optionalText,
  /** Mailgun: the HTTP webhook signing key. */
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalText,
  /** SendGrid: the signed Event Webhook's verification key (base64 public key). */
  SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText,
  /** Resend: the webhook's signing secret (whsec_…). */
  RESEND_WEBHOOK_SECRET: optionalText,
  /** E-mails sent per second by all processes together, at the provider's pace (docs/decisions/0086); unset: no limit. */
  MAIL_RATE_PER_SECOND: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(100_000).optional()),
  /** The site's own checkout (docs/decisions/0063): a Stripe secret key (sk_…); unset, the passes' static links are used. */
  STRIPE_SECRET_KEY: optionalText,
  /** Stripe's API address: Stripe's own unless a stand-in is set (the tests). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Days a sale's commission stays pending before it is approved (refund and dispute window; docs/decisions/0065). */
  COMMISSION_HOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** "Find my access" requests accepted per client address, and per e-mail address, per hour. */
  ACCESS_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(5),
  /** The largest episode audio file the admin accepts, in megabytes (decision 0020). */
  AUDIO_UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(100_000).default(500),
  /** The largest edition archive (.zip with its audio) the admin's import accepts, in megabytes (decision 0035). */
  EDITION_ARCHIVE_LIMIT_MB: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /**
   * How long a client may take to send a whole request, headers and body (Node's default held slow bodies for 300 s). Behind a proxy, its own body timeout decides first.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * Shared feeds (decision 0037): a personal key whose audio is fetched from more networks
   * (IPv4 /24, IPv6 /48) than this in one day is flagged on the registrant's admin screen.
   */
  FEED_SHARE_NETWORK_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  /**
   * Suspicious listening traffic (src/domain/listening/suspicious-addresses.ts): an address whose
   * anonymous audio requests in one UTC day came with more user agents, or from more visitor
   * sessions, than this has none of its anonymous downloads of that day counted.
   */
  LISTENERS_PER_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_LISTENERS_PER_ADDRESS),
  /**
   * Webhooks (docs/decisions/0058) may go to loopback, private and link-local addresses, and to
   * plain http: only for a receiver on this machine or network (tests, a local n8n).
   */
  WEBHOOKS_ALLOW_PRIVATE: flag('false'),
  /** The e-mail list services' API addresses (docs/decisions/0059): the provider's own unless a stand-in is set. */
  KIT_API_URL: listApiUrl(DEFAULT_LIST_API_URLS.kit),
  MAILCHIMP_API_URL: listApiUrl(DEFAULT_LIST_API_URLS.mailchimp),
  ACTIVECAMPAIGN_API_URL: listApiUrl(DEFAULT_LIST_API_URLS.activecampaign),
  /** The only host audio embed iframes may come from (docs/PRODUCT.md "Episode player and episodes"). */
  AUDIO_EMBED_HOST: z.string().default('player.example-audio.com'),
  /** Object storage for uploads (decision 0040): the bucket, unset keeps DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  /** The S3 API's address (MinIO, R2, …); unset: AWS's own for S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket-in-path addresses (most self-hosted S3 servers need them). */
  S3_FORCE_PATH_STYLE: flag('false'),
  /** How long the presigned audio addresses of the bucket work (a listener's player fetches within it). */
  S3_URL_LIFETIME_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),
  /** Where public images are fetched from instead of /uploads/ (a CDN in front of the bucket). */
  MEDIA_PUBLIC_URL: optionalUrl,
  /** Postgres: how long opening a connection may take before the request fails (pool connect timeout). */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  /** Postgres: the longest one statement may run (statement_timeout; 0: no limit). Migrations are exempt. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /** Postgres: connections each app process keeps at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * App processes sharing the port on this machine (decision 0046): a number, or `auto` for one
   * per core. More than one needs DATABASE_URL: the embedded database serves one process.
   */
  SERVER_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(256)]).default(1),
  /**
   * How often the site backs itself up into BACKUP_DIR (docs/decisions/0061): `24h`, `6h`, `30m`,
   * `2d`, or `off`. Unset: daily on the embedded database, off on Postgres (whose own backups serve).
   */
  BACKUP_EVERY: z
    .string()
    .trim()
    .regex(/^(off|0|\d+(m|h|d))?$/, 'a duration such as 24h, 6h, 30m or 2d, or off')
    .optional(),
  /** Scheduled backups kept in BACKUP_DIR; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Where backups are written (scheduled ones, those before a migration, and npm run backup's by default). */
  BACKUP_DIR: z.string().optional(),
  /**
   * An age recipient (`age1…`): every backup is then encrypted to it, `.zip.age` (decision 0068).
   * Only the recipient belongs here: its identity, which decrypts, is kept away from the server.
   */
  BACKUP_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => !value.toUpperCase().startsWith('AGE-SECRET-KEY-'), {
        message:
          'this is an identity (the key that decrypts): give its recipient (age1…, `age-keygen -y`) and keep the identity off the server',
        abort: true,
      })
      .refine(isAgeRecipient, 'an age recipient, age1… (made with age-keygen)')
      .optional(),
  ),
  /** The age identity (`AGE-SECRET-KEY-1…`) npm run restore decrypts with; for scripts, never on the running site. */
  BACKUP_DECRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => value.toUpperCase().startsWith('AGE-SECRET-KEY-'), 'an age identity, AGE-SECRET-KEY-1…')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  siteUrl: string;
  /** The bucket's settings, when S3_BUCKET is set. */
  objectStorage: S3Settings | null;
  /** SERVER_PROCESSES as a number: `auto` is one per core on Postgres, one on the embedded database. */
  serverProcesses: number;
  /** BACKUP_DIR, absolute (default DATA_DIR/backups). */
  backupDir: string;
  /** BACKUP_EVERY in milliseconds; null: no scheduled backups. */
  backupEveryMs: number | null;
  /** The DKIM signing settings, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set. */
  dkim: DkimSettings | null;
};

const DURATION_UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function backupEveryMs(env: z.infer<typeof envSchema>): number | null {
  const value = env.BACKUP_EVERY || (env.DATABASE_URL ? 'off' : '24h');
  const match = /^(\d+)([mhd])$/.exec(value);
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS];
}

function serverProcessesOf(env: z.infer<typeof envSchema>): number {
  if (env.SERVER_PROCESSES === 'auto') return env.DATABASE_URL ? os.availableParallelism() : 1;
  if (env.SERVER_PROCESSES > 1 && !env.DATABASE_URL)
    throw new Error(
      'Invalid environment configuration:\n  SERVER_PROCESSES: more than one process needs DATABASE_URL (the embedded database in DATA_DIR serves one process)',
    );
  return env.SERVER_PROCESSES;
}

function objectStorageOf(env: z.infer<typeof envSchema>): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid environment configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    urlLifetimeSeconds: env.S3_URL_LIFETIME_SECONDS,
  };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    siteUrl: (env.SITE_URL ?? defaultSiteUrl(env)).replace(/\/$/, ''),
    objectStorage: objectStorageOf(env),
    serverProcesses: serverProcessesOf(env),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
    backupEveryMs: backupEveryMs(env),
    dkim: dkimSettingsOf(env),
  };
}

/**
 * Without SITE_URL, the one origin every link is made from (e-mails, the feed, the pages, the
 * admin's share links): the address the server listens on, as a browser on this machine reaches
 * it (localhost for every interface).
 */
function defaultSiteUrl({ HOST, PORT }: { HOST: string; PORT: number }): string {
  const host = HOST === '0.0.0.0' || HOST === '::' || HOST === '' ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

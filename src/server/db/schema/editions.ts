/** An edition of the summit, its per-page timers and what its day pages show. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timerConfigSchema } from '../../../domain/edition.ts';
import { accessModes } from '../../../domain/access/access-modes.ts';
import { createdAt, dayCheck, identityId, position, updatedAt } from './columns.ts';
import { parsedJsonb } from './parsed-jsonb.ts';

export const editions = pgTable(
  'editions',
  {
    id: identityId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: position(),
    summitStartDate: date('summit_start_date').notNull(),
    summitEndDate: date('summit_end_date').notNull(),
    timezone: text('timezone').notNull(),
    /**
     * The settings document, as stored: possibly of an older version, so it is read only through
     * server/editions/stored-settings.ts, which upgrades and checks it (hence `unknown`).
     */
    settings: jsonb('settings').$type<unknown>().notNull(),
    /** 'open': anyone with the URL (per-browser windows); 'registrants': personal links and tiers. */
    accessMode: text('access_mode', { enum: accessModes }).notNull().default('open'),
    /** The commission an affiliate earns on a sale they brought, in basis points (2500 = 25%), unless their own rate says otherwise. */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('editions_slug_key').on(t.slug), check('editions_dates_ordered', sql`${t.summitEndDate} >= ${t.summitStartDate}`)],
);

/** The row's edition; deleting the edition deletes the row unless `onDelete` says otherwise. */
export const editionId = (onDelete: 'cascade' | 'restrict' = 'cascade') =>
  integer('edition_id')
    .notNull()
    .references(() => editions.id, { onDelete });

/** Per-page timer configuration (docs/PRODUCT.md "Access windows and the countdown"). */
export const timerConfigs = pgTable(
  'timer_configs',
  {
    editionId: editionId(),
    page: text('page', { enum: ['day1', 'day2', 'day3', 'dashboard'] }).notNull(),
    config: parsedJsonb('timer_configs', 'config', { schema: timerConfigSchema }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.page] })],
);

/** What each day page of an edition shows above its episodes: the day's title and subtitle. */
export const editionDays = pgTable(
  'edition_days',
  {
    editionId: editionId(),
    day: smallint('day').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** What the placeholder player shows as the length while the day has no episodes (h:mm:ss; '' for its default). */
    playerLength: text('player_length').notNull().default(''),
    /**
     * The day's former episode fields, no longer read or written (a day's audio
     * is its episodes; migration 0008 made an embed here an episode). Kept so the migration stays
     * additive and a process of the previous version still runs beside this one during a deploy.
     */
    episodeTitle: text('episode_title').notNull().default(''),
    episodeDuration: text('episode_duration'),
    episodeDescription: text('episode_description').notNull().default(''),
    episodeEmbed: text('episode_embed'),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.day] }), dayCheck('edition_days', t.day)],
);

/**
 * The edition the home page shows (with /register, /thank-you and the unprefixed pages): one row
 * at most (the primary key is the constant true), naming exactly one edition. The edition cannot
 * be deleted while it is named here (restrict); the admin says why before the database has to.
 */
export const homeEdition = pgTable(
  'home_edition',
  {
    only: boolean('only').primaryKey().default(true),
    editionId: editionId('restrict'),
    updatedAt: updatedAt(),
  },
  (t) => [check('home_edition_one_row', sql`${t.only}`)],
);

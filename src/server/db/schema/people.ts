/** The people of an edition: speakers and hosts, implementation-week sessions and bonus bundle items. */
import { boolean, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { freebieSchema } from '../../../domain/entities.ts';
import { createdAt, editionDayList, identityId, position, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';
import { parsedJsonb } from './parsed-jsonb.ts';

/** A person listed in an edition: the row's key, edition, place in the list and name. */
const listedPersonColumns = () => ({
  id: identityId(),
  editionId: editionId(),
  position: position(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
});

/** Columns shared by speakers and hosts: the "speaker-style fields" of docs/PRODUCT.md "Content entities". */
const personColumns = (table: string) => ({
  ...listedPersonColumns(),
  pronouns: text('pronouns'),
  image: text('image'),
  headshot: text('headshot'),
  websiteUrl: text('website_url'),
  modalities: text('modalities'),
  topic: text('topic'),
  bio: text('bio'),
  day: smallint('day').notNull(),
  episodeDuration: text('episode_duration'),
  helloAudioEmbedId: text('hello_audio_embed_id'),
  shortDescription: text('short_description'),
  implementationWeek: boolean('implementation_week').notNull().default(false),
  implementationWeekTopic: text('implementation_week_topic'),
  implementationWeekDescription: text('implementation_week_description'),
  integrationSessionLink: text('integration_session_link'),
  freebie: parsedJsonb(table, 'freebie', { schema: freebieSchema }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const speakers = pgTable('speakers', personColumns('speakers'), (t) => editionDayList('speakers', t));

export const hosts = pgTable('hosts', personColumns('hosts'), (t) => editionDayList('hosts', t));

export const implementationSessions = pgTable(
  'implementation_sessions',
  {
    ...listedPersonColumns(),
    headshot: text('headshot'),
    topic: text('topic').notNull(),
    description: text('description'),
    day: smallint('day').notNull(),
    integrationSessionLink: text('integration_session_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => editionDayList('implementation_sessions', t, 5),
);

/** Both readings of the product's bonus bundle item live in one row; an item fills either set. */
export const bonusBundleItems = pgTable(
  'bonus_bundle_items',
  {
    id: identityId(),
    editionId: editionId(),
    position: position(),
    bonusBundleTitle: text('bonus_bundle_title'),
    bonusBundleImage: text('bonus_bundle_image'),
    bonusBundlePrice: text('bonus_bundle_price'),
    bonusBundleDescription: text('bonus_bundle_description'),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    topic: text('topic'),
    bio: text('bio'),
    freebie: parsedJsonb('bonus_bundle_items', 'freebie', { schema: freebieSchema }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bonus_bundle_items_edition_idx').on(t.editionId, t.position)],
);

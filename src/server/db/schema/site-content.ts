/** An edition's sponsors and FAQ items, and the site's brand configurations. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, position, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';

export const sponsors = pgTable(
  'sponsors',
  {
    id: identityId(),
    editionId: editionId(),
    position: position(),
    name: text('name').notNull(),
    type: text('type', { enum: ['Premium', 'Supporting'] }).notNull(),
    description: text('description').notNull(),
    logo: text('logo').notNull(),
    offer: text('offer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sponsors_edition_position_idx').on(t.editionId, t.position)],
);

export const faqItems = pgTable(
  'faq_items',
  {
    id: identityId(),
    editionId: editionId(),
    position: position(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faq_items_edition_position_idx').on(t.editionId, t.position)],
);

/** A brand configuration document (docs/PRODUCT.md "Brand configuration"); at most one is active. */
export const brandConfigs = pgTable(
  'brand_configs',
  {
    id: identityId(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brand_configs_one_active')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

/** An edition's podcast settings: what the private feeds of its registrants say about the show. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { editionId } from './editions.ts';

/**
 * One row per edition that has its own settings (decision 0034); without a row the feed uses
 * the brand's (src/domain/podcast/show-settings.ts). The artwork is an upload checked by content
 * against Apple's square 1400-3000 px rule when it is saved.
 */
export const editionPodcasts = pgTable('edition_podcasts', {
  editionId: editionId().primaryKey(),
  /** /uploads/… of a square image, or null for the brand's artwork. */
  artworkUrl: text('artwork_url'),
  /** Apple's category and optional subcategory (src/domain/podcast/apple-categories.ts). */
  category: text('category'),
  subcategory: text('subcategory'),
  author: text('author'),
  ownerName: text('owner_name'),
  ownerEmail: text('owner_email'),
  updatedAt: updatedAt(),
});

/**
 * The content an admin manages, described once each: its table, its Zod schema (the same one
 * the seed and imports use), its form fields, how it is ordered and where it shows on the site.
 */
import type { z } from 'zod';
import type { AdminField } from '../../domain/admin.ts';
import {
  bonusBundleItemInputSchema,
  faqItemInputSchema,
  hostInputSchema,
  implementationSessionInputSchema,
  speakerInputSchema,
  sponsorInputSchema,
} from '../../domain/entities.ts';
import { fullName } from '../../domain/people.ts';
import { bonusBundleItems, faqItems, hosts, implementationSessions, speakers, sponsors } from '../db/schema.ts';

export const RESOURCE_KEYS = ['speakers', 'hosts', 'sessions', 'bonus', 'sponsors', 'faq'] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

type Row = Record<string, unknown> & { id: number };

const nameOf = (row: Row) =>
  fullName({ firstName: (row.firstName as string | null) ?? '', lastName: (row.lastName as string | null) ?? '' });

export interface ResourceDefinition {
  key: ResourceKey;
  label: string;
  singular: string;
  /** Edition content, or content of the whole site. */
  scope: 'edition' | 'site';
  table: typeof speakers | typeof hosts | typeof implementationSessions | typeof bonusBundleItems | typeof sponsors | typeof faqItems;
  schema: z.ZodType<Record<string, unknown>>;
  fields: AdminField[];
  /** Rows are ordered within each day when the resource has days. */
  groupedByDay: boolean;
  columns: string[];
  cells(row: Row): string[];
  /** The public page where the content shows, for the preview link. */
  previewPath(editionSlug: string | null, row: Row): string;
}

const dayOptions = (days: number) => Array.from({ length: days }, (_, i) => ({ value: String(i + 1), label: `Day ${i + 1}` }));

const freebieFields: AdminField[] = [
  { path: 'freebie.title', label: 'Free gift: title', kind: 'text' },
  { path: 'freebie.description', label: 'Free gift: description (markdown)', kind: 'textarea' },
  { path: 'freebie.image', label: 'Free gift: image', kind: 'image' },
  { path: 'freebie.downloadUrl', label: 'Free gift: download URL', kind: 'url', help: 'Without it the download button shows disabled.' },
];

const personFields: AdminField[] = [
  { path: 'firstName', label: 'First name', kind: 'text', required: true },
  { path: 'lastName', label: 'Last name', kind: 'text' },
  { path: 'day', label: 'Day', kind: 'choice', required: true, options: dayOptions(3) },
  { path: 'pronouns', label: 'Pronouns', kind: 'text' },
  { path: 'image', label: 'Image', kind: 'image' },
  { path: 'headshot', label: 'Headshot', kind: 'image' },
  { path: 'websiteUrl', label: 'Website', kind: 'url' },
  { path: 'modalities', label: 'Modalities', kind: 'text', help: 'Comma-separated, e.g. Breathwork, Reiki' },
  { path: 'topic', label: 'Topic', kind: 'text' },
  { path: 'bio', label: 'Bio (markdown)', kind: 'textarea' },
  { path: 'shortDescription', label: 'Short description (HTML or markdown)', kind: 'textarea' },
  { path: 'episodeDuration', label: 'Episode duration', kind: 'text', help: 'h:mm:ss or m:ss' },
  { path: 'helloAudioEmbedId', label: 'Hello audio', kind: 'textarea', help: 'An embed id, or the audio host’s iframe snippet.' },
  { path: 'implementationWeek', label: 'Takes part in Implementation Week', kind: 'checkbox' },
  { path: 'implementationWeekTopic', label: 'Implementation Week topic', kind: 'text' },
  { path: 'implementationWeekDescription', label: 'Implementation Week description (markdown)', kind: 'textarea' },
  { path: 'integrationSessionLink', label: 'Integration session link', kind: 'url' },
  ...freebieFields,
];

const personCells = (row: Row) => [`Day ${row.day}`, nameOf(row), String(row.topic ?? '')];

/** Speakers and hosts: the same fields, list and preview (the day page that shows them). */
function personResource(resource: Pick<ResourceDefinition, 'key' | 'label' | 'singular' | 'table' | 'schema'>): ResourceDefinition {
  return {
    ...resource,
    scope: 'edition',
    fields: personFields,
    groupedByDay: true,
    columns: ['Day', 'Name', 'Topic'],
    cells: personCells,
    previewPath: (slug, row) => `/${slug}/day-${row.day}`,
  };
}

export const RESOURCES: Record<ResourceKey, ResourceDefinition> = {
  speakers: personResource({ key: 'speakers', label: 'Speakers', singular: 'speaker', table: speakers, schema: speakerInputSchema }),
  hosts: personResource({ key: 'hosts', label: 'Hosts', singular: 'host', table: hosts, schema: hostInputSchema }),
  sessions: {
    key: 'sessions',
    label: 'Implementation sessions',
    singular: 'implementation session',
    scope: 'edition',
    table: implementationSessions,
    schema: implementationSessionInputSchema,
    fields: [
      {
        path: 'topic',
        label: 'Topic',
        kind: 'text',
        required: true,
        help: 'A topic with “Opening Ceremony” shows first, “Closing Ceremony” last.',
      },
      { path: 'day', label: 'Day', kind: 'choice', required: true, options: dayOptions(5) },
      { path: 'firstName', label: 'First name', kind: 'text', required: true },
      { path: 'lastName', label: 'Last name', kind: 'text' },
      { path: 'headshot', label: 'Headshot', kind: 'image' },
      { path: 'description', label: 'Description (markdown)', kind: 'textarea' },
      { path: 'integrationSessionLink', label: 'Session link', kind: 'url' },
    ],
    groupedByDay: true,
    columns: ['Day', 'Topic', 'Facilitator'],
    cells: (row) => [`Day ${row.day}`, String(row.topic), nameOf(row)],
    previewPath: (slug) => `/${slug}/dashboard`,
  },
  bonus: {
    key: 'bonus',
    label: 'Bonus bundle',
    singular: 'bonus item',
    scope: 'edition',
    table: bonusBundleItems,
    schema: bonusBundleItemInputSchema,
    fields: [
      {
        path: 'bonusBundleTitle',
        label: 'Title',
        kind: 'text',
        help: 'Fill the title, image, price and description, or the person fields below.',
      },
      { path: 'bonusBundleImage', label: 'Image', kind: 'image' },
      { path: 'bonusBundlePrice', label: 'Regular price', help: 'In the edition’s currency, e.g. 97 or 97.00.', kind: 'text' },
      { path: 'bonusBundleDescription', label: 'Description (markdown)', kind: 'textarea' },
      { path: 'firstName', label: 'Contributor first name', kind: 'text' },
      { path: 'lastName', label: 'Contributor last name', kind: 'text' },
      { path: 'image', label: 'Contributor image', kind: 'image' },
      { path: 'topic', label: 'Topic', kind: 'text' },
      { path: 'bio', label: 'Bio (markdown)', kind: 'textarea' },
      ...freebieFields,
    ],
    groupedByDay: false,
    columns: ['Title', 'Price'],
    cells: (row) => [String(row.bonusBundleTitle ?? nameOf(row)), String(row.bonusBundlePrice ?? '')],
    previewPath: (slug) => `/${slug}/bonus-bundle-embed`,
  },
  sponsors: {
    key: 'sponsors',
    label: 'Sponsors',
    singular: 'sponsor',
    scope: 'edition',
    table: sponsors,
    schema: sponsorInputSchema,
    fields: [
      { path: 'name', label: 'Name', kind: 'text', required: true },
      {
        path: 'type',
        label: 'Tier',
        kind: 'choice',
        required: true,
        options: [
          { value: 'Premium', label: 'Premium' },
          { value: 'Supporting', label: 'Supporting' },
        ],
      },
      { path: 'description', label: 'Description', kind: 'textarea', required: true },
      { path: 'logo', label: 'Logo', kind: 'image', required: true },
      { path: 'offer', label: 'Offer', kind: 'text', required: true },
    ],
    groupedByDay: false,
    columns: ['Name', 'Tier', 'Offer'],
    cells: (row) => [String(row.name), String(row.type), String(row.offer)],
    previewPath: () => '/#sponsors',
  },
  faq: {
    key: 'faq',
    label: 'FAQ',
    singular: 'question',
    scope: 'edition',
    table: faqItems,
    schema: faqItemInputSchema,
    fields: [
      { path: 'question', label: 'Question', kind: 'text', required: true },
      {
        path: 'answer',
        label: 'Answer',
        kind: 'textarea',
        required: true,
        help: 'Write {{summit_dates}} for the edition’s dates, e.g. “July 15-17 2025”.',
      },
    ],
    groupedByDay: false,
    columns: ['Question'],
    cells: (row) => [String(row.question)],
    previewPath: () => '/#faq',
  },
};

export function findResource(key: string | undefined): ResourceDefinition | null {
  return (RESOURCE_KEYS as readonly string[]).includes(key ?? '') ? RESOURCES[key as ResourceKey] : null;
}

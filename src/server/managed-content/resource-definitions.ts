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
  { name: 'freebie.title', label: 'Free gift: title', type: 'text' },
  { name: 'freebie.description', label: 'Free gift: description (markdown)', type: 'textarea' },
  { name: 'freebie.image', label: 'Free gift: image', type: 'image' },
  { name: 'freebie.downloadUrl', label: 'Free gift: download URL', type: 'url', help: 'Without it the download button shows disabled.' },
];

const personFields: AdminField[] = [
  { name: 'firstName', label: 'First name', type: 'text', required: true },
  { name: 'lastName', label: 'Last name', type: 'text' },
  { name: 'day', label: 'Day', type: 'select', required: true, options: dayOptions(3) },
  { name: 'pronouns', label: 'Pronouns', type: 'text' },
  { name: 'image', label: 'Image', type: 'image' },
  { name: 'headshot', label: 'Headshot', type: 'image' },
  { name: 'websiteUrl', label: 'Website', type: 'url' },
  { name: 'modalities', label: 'Modalities', type: 'text', help: 'Comma-separated, e.g. Breathwork, Reiki' },
  { name: 'topic', label: 'Topic', type: 'text' },
  { name: 'bio', label: 'Bio (markdown)', type: 'textarea' },
  { name: 'shortDescription', label: 'Short description (HTML or markdown)', type: 'textarea' },
  { name: 'episodeDuration', label: 'Episode duration', type: 'text', help: 'h:mm:ss or m:ss' },
  { name: 'helloAudioEmbedId', label: 'Hello audio', type: 'textarea', help: 'An embed id, or the audio host’s iframe snippet.' },
  { name: 'implementationWeek', label: 'Takes part in Implementation Week', type: 'checkbox' },
  { name: 'implementationWeekTopic', label: 'Implementation Week topic', type: 'text' },
  { name: 'implementationWeekDescription', label: 'Implementation Week description (markdown)', type: 'textarea' },
  { name: 'integrationSessionLink', label: 'Integration session link', type: 'url' },
  ...freebieFields,
];

const personCells = (row: Row) => [`Day ${row.day}`, nameOf(row), String(row.topic ?? '')];

/** Speakers and hosts: the same fields, list and preview (the day page that shows them). */
function personResource({
  schema,
  ...resource
}: Pick<ResourceDefinition, 'key' | 'label' | 'singular' | 'table'> & { schema: z.ZodType }): ResourceDefinition {
  return {
    ...resource,
    scope: 'edition',
    schema: schema as unknown as z.ZodType<Record<string, unknown>>,
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
    schema: implementationSessionInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    fields: [
      {
        name: 'topic',
        label: 'Topic',
        type: 'text',
        required: true,
        help: 'A topic with “Opening Ceremony” shows first, “Closing Ceremony” last.',
      },
      { name: 'day', label: 'Day', type: 'select', required: true, options: dayOptions(5) },
      { name: 'firstName', label: 'First name', type: 'text', required: true },
      { name: 'lastName', label: 'Last name', type: 'text' },
      { name: 'headshot', label: 'Headshot', type: 'image' },
      { name: 'description', label: 'Description (markdown)', type: 'textarea' },
      { name: 'integrationSessionLink', label: 'Session link', type: 'url' },
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
    schema: bonusBundleItemInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    fields: [
      {
        name: 'bonusBundleTitle',
        label: 'Title',
        type: 'text',
        help: 'Fill the title, image, price and description, or the person fields below.',
      },
      { name: 'bonusBundleImage', label: 'Image', type: 'image' },
      { name: 'bonusBundlePrice', label: 'Regular price ($)', type: 'text' },
      { name: 'bonusBundleDescription', label: 'Description (markdown)', type: 'textarea' },
      { name: 'firstName', label: 'Contributor first name', type: 'text' },
      { name: 'lastName', label: 'Contributor last name', type: 'text' },
      { name: 'image', label: 'Contributor image', type: 'image' },
      { name: 'topic', label: 'Topic', type: 'text' },
      { name: 'bio', label: 'Bio (markdown)', type: 'textarea' },
      ...freebieFields,
    ],
    groupedByDay: false,
    columns: ['Title', 'Price'],
    cells: (row) => [String(row.bonusBundleTitle ?? nameOf(row)), row.bonusBundlePrice ? `$${row.bonusBundlePrice}` : ''],
    previewPath: (slug) => `/${slug}/bonus-bundle-embed`,
  },
  sponsors: {
    key: 'sponsors',
    label: 'Sponsors',
    singular: 'sponsor',
    scope: 'site',
    table: sponsors,
    schema: sponsorInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      {
        name: 'type',
        label: 'Tier',
        type: 'select',
        required: true,
        options: [
          { value: 'Premium', label: 'Premium' },
          { value: 'Supporting', label: 'Supporting' },
        ],
      },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      { name: 'logo', label: 'Logo', type: 'image', required: true },
      { name: 'offer', label: 'Offer', type: 'text', required: true },
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
    scope: 'site',
    table: faqItems,
    schema: faqItemInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: 'question', label: 'Question', type: 'text', required: true },
      {
        name: 'answer',
        label: 'Answer',
        type: 'textarea',
        required: true,
        help: 'Write {{summit_dates}} for the dates of the edition the home page shows, e.g. “July 15-17 2025”.',
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

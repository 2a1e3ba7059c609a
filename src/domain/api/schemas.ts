/**
 * The API's schemas (docs/decisions/0060): the same zod schemas validate each request and, through
 * zod-openapi, make the OpenAPI document (src/server/api/openapi.ts), so the two cannot differ.
 * Request bodies are strict: an unknown field is refused at its name. Field names are snake_case,
 * as JSON APIs usually are; the registration's own rules (name and e-mail) are the form's schema.
 */
import { z } from 'zod';
import { accessModes } from '../access/access-modes.ts';
import { editionSlugSchema } from '../edition.ts';
import { isCurrencyCode } from '../money.ts';
import { registrantTiers } from '../entities.ts';
import { passKinds } from '../passes.ts';
import { registrationSchema } from '../registration.ts';
import { UTM_MAX_LENGTH } from '../attribution/utm.ts';
import { apiInstant, INSTANT_MESSAGE } from './instant.ts';

const slug = editionSlugSchema.meta({ description: 'An edition’s slug', example: 'july' });
const at = z.string().meta({ format: 'date-time', description: 'A time in UTC (ISO 8601)' });

// ---------------------------------------------------------------------------------------------
// What the API answers

export const editionSchema = z
  .object({
    slug,
    name: z.string(),
    summit_start_date: z.string().meta({ format: 'date' }),
    summit_end_date: z.string().meta({ format: 'date' }),
    timezone: z.string(),
    access_mode: z.enum(accessModes),
  })
  .meta({ id: 'Edition' });

export const episodeSchema = z
  .object({
    id: z.number().int(),
    day: z.number().int().min(1).max(5),
    position: z.number().int(),
    title: z.string(),
    speaker: z.string(),
    duration_seconds: z.number().int().nullable(),
    source: z
      .enum(['file', 'url', 'player'])
      .meta({ description: 'An audio file kept here, an audio URL elsewhere, or an external player' }),
  })
  .meta({ id: 'Episode' });

export const passSchema = z
  .object({
    pass: z.enum(passKinds),
    status: z.enum(['active', 'refunded', 'disputed', 'removed']),
    source: z
      .enum(['provider', 'admin'])
      .meta({ description: 'provider: sold (through the payment provider or reported through the API); admin: granted by hand' }),
    amount: z.number().int().nullable().meta({ description: 'In the currency’s smallest unit (cents)' }),
    currency: z.string().nullable(),
    reference: z.string().nullable().meta({ description: 'The payment’s reference in the checkout that sold it' }),
    granted_at: at,
    ended_at: at.nullable(),
  })
  .meta({ id: 'Pass' });

export const registrantSchema = z
  .object({
    id: z.number().int(),
    edition: slug,
    email: z.string(),
    name: z.string(),
    marketing_consent: z.boolean(),
    consented_at: at.nullable(),
    tier: z.enum(registrantTiers).meta({ description: 'The best of the active passes' }),
    passes: z.array(passSchema),
    registered_at: at,
    updated_at: at,
  })
  .meta({ id: 'Registrant' });

export const registrantPageSchema = z
  .object({
    data: z.array(registrantSchema),
    next_cursor: z.string().nullable().meta({ description: 'Give it as `cursor` for the next page; null on the last page' }),
  })
  .meta({ id: 'RegistrantPage' });

export const editionListSchema = z.object({ data: z.array(editionSchema) }).meta({ id: 'EditionList' });
export const episodeListSchema = z.object({ data: z.array(episodeSchema) }).meta({ id: 'EpisodeList' });

export const episodeInsightSchema = z
  .object({
    episode_id: z.number().int(),
    title: z.string(),
    day: z.number().int(),
    downloads: z.number().int(),
    listeners: z.number().int(),
  })
  .meta({ id: 'EpisodeInsight' });
export const referrerInsightSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    registrations: z.number().int(),
    listeners: z.number().int(),
    passes: z.number().int(),
    revenue: z
      .array(z.object({ currency: z.string(), amount: z.number().int() }))
      .meta({ description: 'Per currency, in its smallest unit' }),
  })
  .meta({ id: 'ReferrerInsight' });
export const episodeInsightsSchema = z.object({ data: z.array(episodeInsightSchema) }).meta({ id: 'EpisodeInsights' });
export const referrerInsightsSchema = z.object({ data: z.array(referrerInsightSchema) }).meta({ id: 'ReferrerInsights' });

// ---------------------------------------------------------------------------------------------
// What the API is asked

const utmValue = z.string().max(UTM_MAX_LENGTH).optional();

export const registrantCreateSchema = z
  .strictObject({
    email: registrationSchema.shape.email,
    name: registrationSchema.shape.firstName.meta({ description: 'The first name, as the registration form asks it' }),
    edition: slug,
    marketing_consent: z
      .boolean()
      .default(false)
      .meta({ description: 'They agreed to the marketing e-mails, in the edition’s consent wording' }),
    send_email: z.boolean().default(true).meta({ description: 'false: no confirmation e-mail is sent' }),
    share_code: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'The code of a speaker’s or host’s share link of the edition (/r/{code})' }),
    utm: z.strictObject({ source: utmValue, medium: utmValue, campaign: utmValue }).optional(),
  })
  .meta({ id: 'RegistrantCreate' });

export const registrantPatchSchema = z
  .strictObject({
    name: registrationSchema.shape.firstName.optional(),
    marketing_consent: z.boolean().optional().meta({ description: 'true records consent now; false withdraws it' }),
  })
  .refine((patch) => patch.name !== undefined || patch.marketing_consent !== undefined, 'Send name or marketing_consent.')
  .meta({ id: 'RegistrantPatch' });

export const passGrantSchema = z
  .strictObject({
    pass: z.enum(passKinds),
    amount: z.number().int('The amount is a whole number of the currency’s smallest unit (cents).').min(0).max(100_000_000),
    currency: z
      .string()
      // A real ISO 4217 code, not any three letters (docs/decisions/0069).
      .refine(isCurrencyCode, 'A currency is its three-letter ISO 4217 code, such as usd.')
      .transform((code) => code.toLowerCase()),
    reference: z.string().trim().min(1, 'Give the payment’s reference in the other checkout.').max(200),
  })
  .meta({ id: 'PassGrant' });

const positiveId = z.coerce
  .number('The id is a whole number.')
  .int('The id is a whole number.')
  .min(1, 'The id is a whole number from 1 up.')
  .max(2_147_483_647, 'No registrant has this id.');

export const slugParams = z.strictObject({ slug });
export const registrantParams = z.strictObject({ id: positiveId.meta({ type: 'integer' }) });
export const passParams = z.strictObject({ id: positiveId.meta({ type: 'integer' }), pass: z.enum(passKinds) });

export const MAX_PAGE_SIZE = 500;

export const registrantListQuery = z.strictObject({
  edition: slug.optional(),
  updated_since: z.iso
    // abort: a text that is no time at all gets this one message, not the range's too.
    .datetime({ offset: true, message: 'A time such as 2026-11-27T10:00:00Z.', abort: true })
    .refine((text) => apiInstant(text) !== null, INSTANT_MESSAGE)
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} a page.`).default(100).meta({ type: 'integer' }),
  cursor: z.string().max(100).optional().meta({ description: 'next_cursor of the page before' }),
  import: z.coerce
    .number()
    .int()
    .positive('An import id, as its answer gives it.')
    .optional()
    .meta({ type: 'integer', description: 'Only the registrants this import added or changed (and no later import changed since)' }),
});

export const editionQuery = z.strictObject({ edition: slug });
export const noQuery = z.strictObject({});

/**
 * The events the site reports to the host's own tools, defined once (docs/decisions/0058): each
 * name, the zod schema of its `data` and an example payload. Webhooks, and later the list sync
 * and the API's documentation, read this one list; a new event added here fails the compile
 * wherever a `Record<EventType, …>` does not handle it yet. `data` carries ids and what a receiver
 * needs (e-mail, name, edition slug, pass, consent, share-link code, UTM), never a key or a link
 * that opens a registrant's access.
 */
import { z } from 'zod';
import { mailProviders } from '../mail-feedback/feedback.ts';
import { passKinds } from '../passes.ts';

const registrant = {
  registrantId: z.number().int().positive(),
  editionSlug: z.string(),
  email: z.string(),
  firstName: z.string(),
};
const consent = z.object({ marketing: z.boolean(), consentedAt: z.string().nullable() });
const source = z.object({
  shareLinkCode: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
});
const pass = z.enum(passKinds);

export const eventSchemas = {
  'registration.created': z.object({ ...registrant, consent, source }),
  'registrant.updated': z.object({ ...registrant, consent }),
  'registrant.unsubscribed': z.object({ ...registrant }),
  /** What is left after an erasure: the ids, so the receiver can remove its own copy. */
  'registrant.erased': z.object({ registrantId: z.number().int().positive(), editionSlug: z.string(), email: z.string() }),
  'pass.granted': z.object({ ...registrant, pass, cause: z.enum(['payment', 'admin']) }),
  'pass.revoked': z.object({ ...registrant, pass, cause: z.enum(['refund', 'dispute', 'admin']) }),
  /** The registrant's access was re-issued: their old links stopped working (the new key is never sent). */
  'access.reissued': z.object({ ...registrant }),
  'listen.qualified': z.object({ ...registrant, episodeId: z.number().int().positive(), day: z.number().int().min(1).max(5) }),
  'feed.flagged_shared': z.object({ ...registrant, networks: z.number().int().nonnegative() }),
  /**
   * The registrant's address bounced for good (a hard bounce, or the third soft bounce in a row)
   * and is suppressed (docs/decisions/0086): `provider` says who reported it, `smtp` being the
   * receiving server's own answer while the site sent.
   */
  'email.bounced': z.object({
    ...registrant,
    provider: z.enum([...mailProviders, 'smtp']),
    reason: z.enum(['hard-bounce', 'soft-bounces']),
  }),
  /** The registrant marked the site's e-mail as spam: unsubscribed from everything optional and suppressed. */
  'email.complained': z.object({ ...registrant, provider: z.enum(mailProviders) }),
  /**
   * An import's registrants of one edition, once, when the import is done (docs/decisions/0076):
   * how many it added and changed, and the API's listing of them (`registrants`, a URL).
   */
  'registrants.imported': z.object({
    importId: z.number().int().positive(),
    editionSlug: z.string(),
    count: z.number().int().nonnegative(),
    added: z.number().int().nonnegative(),
    updated: z.number().int().nonnegative(),
    registrants: z.string(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.output<(typeof eventSchemas)[T]>;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

/** An endpoint's events as its row keeps them (webhook_endpoints.events), checked on every read. */
export const eventTypesSchema = z.array(z.enum(eventTypes));

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventSchemas, value);
}

const who = { registrantId: 42, editionSlug: '2026', email: 'ada@example.com', firstName: 'Ada' };
const consented = { marketing: true, consentedAt: '2026-03-01T09:30:00.000Z' };

/** One example `data` per event, checked against its schema by a test; the docs show them. */
export const eventExamples: { [T in EventType]: EventData<T> } = {
  'registration.created': {
    ...who,
    consent: consented,
    source: { shareLinkCode: 'jane-doe', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' },
  },
  'registrant.updated': { ...who, consent: consented },
  'registrant.unsubscribed': who,
  'registrant.erased': { registrantId: 42, editionSlug: '2026', email: 'ada@example.com' },
  'pass.granted': { ...who, pass: 'aap', cause: 'payment' },
  'pass.revoked': { ...who, pass: 'aap', cause: 'refund' },
  'access.reissued': who,
  'listen.qualified': { ...who, episodeId: 7, day: 2 },
  'feed.flagged_shared': { ...who, networks: 6 },
  'email.bounced': { ...who, provider: 'ses', reason: 'hard-bounce' },
  'email.complained': { ...who, provider: 'postmark' },
  'registrants.imported': {
    importId: 12,
    editionSlug: '2026',
    count: 1450,
    added: 1400,
    updated: 50,
    registrants: 'https://summit.example.com/api/v1/registrants?import=12&edition=2026',
  },
};

/** The body a receiver gets (Standard Webhooks): the type, when it happened, and its data. */
export interface EventPayload<T extends EventType = EventType> {
  type: T;
  timestamp: string;
  data: EventData<T>;
}

export function eventPayload<T extends EventType>(type: T, data: EventData<T>, at: Date): EventPayload<T> {
  return { type, timestamp: at.toISOString(), data };
}

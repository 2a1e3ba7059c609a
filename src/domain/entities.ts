/**
 * The content entities of docs/PRODUCT.md "Content entities", as Zod schemas. They are the one definition of
 * each shape: the database rows map to them, the JSON API answers them (camelCase field
 * names as in the spec), and the admin forms and imports validate against them.
 */
import { z } from 'zod';
import { passKinds } from './passes.ts';
import { isSafeImageUrl } from './url-policy.ts';
import { withoutNul } from './without-nul.ts';

/** Trimmed text of at most max characters (and at least min: required fields pass 1). */
const text = (max: number, min = 0) => z.string().transform(withoutNul).pipe(z.string().trim().min(min).max(max));
/** Optional text: empty means absent, so '' is stored as null. */
const IMAGE_URL_MESSAGE = 'Use an image address that starts with https:// or / (an uploaded image).';
const imageRefine = (value: string | null) => !value || isSafeImageUrl(value);

const optionalText = (max: number) =>
  text(max)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value));

/** An optional image address that passes the image URL policy. */
const optionalImage = () => optionalText(2000).refine(imageRefine, IMAGE_URL_MESSAGE);

/** A day of the three-day summit. */
export const summitDaySchema = z.number('Choose day 1, 2 or 3.').int().min(1, 'Choose day 1, 2 or 3.').max(3, 'Choose day 1, 2 or 3.');
/** Implementation (integration) sessions run over up to five days. */
export const sessionDaySchema = z
  .number('Choose a day from 1 to 5.')
  .int()
  .min(1, 'Choose a day from 1 to 5.')
  .max(5, 'Choose a day from 1 to 5.');

export const freebieSchema = z.object({
  title: text(200).default(''),
  description: text(5000).default(''),
  image: text(2000).refine(imageRefine, IMAGE_URL_MESSAGE).default(''),
  downloadUrl: text(2000).default(''),
});
export type Freebie = z.infer<typeof freebieSchema>;

/** Fields shared by speakers and hosts ("the speaker-style fields"). */
export const personFieldsSchema = z.object({
  firstName: text(100, 1),
  lastName: text(100).default(''),
  pronouns: optionalText(50),
  image: optionalImage(),
  headshot: optionalImage(),
  websiteUrl: optionalText(2000),
  /** Comma-separated text, e.g. "Breathwork, Reiki". */
  modalities: optionalText(500),
  topic: optionalText(300),
  /** Markdown. */
  bio: optionalText(20000),
  day: summitDaySchema,
  /** "h:mm:ss" or "m:ss"; missing values fall back to the defaults of docs/PRODUCT.md "Episode player and episodes". */
  episodeDuration: optionalText(20),
  helloAudioEmbedId: optionalText(5000),
  /** HTML or markdown; sanitised before rendering. */
  shortDescription: optionalText(5000),
  implementationWeek: z.boolean().default(false),
  implementationWeekTopic: optionalText(300),
  /** Markdown. */
  implementationWeekDescription: optionalText(20000),
  integrationSessionLink: optionalText(2000),
  freebie: freebieSchema.nullable().default(null),
});

export const speakerInputSchema = personFieldsSchema;
export type SpeakerInput = z.input<typeof speakerInputSchema>;
export type Speaker = z.infer<typeof speakerInputSchema> & { id: number };

export const hostInputSchema = personFieldsSchema;
export type HostInput = z.input<typeof hostInputSchema>;
export type Host = z.infer<typeof hostInputSchema> & { id: number };

export const implementationSessionInputSchema = z.object({
  firstName: text(100, 1),
  lastName: text(100).default(''),
  headshot: optionalImage(),
  topic: text(300, 1),
  description: optionalText(20000),
  day: sessionDaySchema,
  integrationSessionLink: optionalText(2000),
});
export type ImplementationSessionInput = z.input<typeof implementationSessionInputSchema>;
export type ImplementationSession = z.infer<typeof implementationSessionInputSchema> & { id: number };

/**
 * A bonus bundle item. docs/PRODUCT.md "Content entities" gives two readings and both stand: the bonusBundle* fields,
 * or a speaker-style entry (image, names, topic, bio, freebie). An item fills either set.
 */
export const bonusBundleItemInputSchema = z
  .object({
    bonusBundleTitle: optionalText(300),
    bonusBundleImage: optionalImage(),
    /** Regular price in dollars, shown crossed out; free text such as "97" or "97.00". */
    bonusBundlePrice: optionalText(20),
    bonusBundleDescription: optionalText(20000),
    image: optionalImage(),
    firstName: optionalText(100),
    lastName: optionalText(100),
    topic: optionalText(300),
    bio: optionalText(20000),
    freebie: freebieSchema.nullable().default(null),
  })
  .refine((item) => Boolean(item.bonusBundleTitle || item.firstName || item.topic), {
    message: 'A bonus item needs a bonusBundleTitle, or a firstName or topic',
  });
export type BonusBundleItemInput = z.input<typeof bonusBundleItemInputSchema>;
export type BonusBundleItem = z.infer<typeof bonusBundleItemInputSchema> & { id: number };

export const sponsorTiers = ['Premium', 'Supporting'] as const;
export const sponsorInputSchema = z.object({
  name: text(200, 1),
  type: z.enum(sponsorTiers),
  description: text(2000, 1),
  logo: text(2000, 1).refine(imageRefine, IMAGE_URL_MESSAGE),
  offer: text(500, 1),
});
export type SponsorInput = z.input<typeof sponsorInputSchema>;
export type Sponsor = z.infer<typeof sponsorInputSchema> & { id: number };

export const faqItemInputSchema = z.object({
  question: text(500, 1),
  answer: text(5000, 1),
});
export type FaqItemInput = z.input<typeof faqItemInputSchema>;
export type FaqItem = z.infer<typeof faqItemInputSchema> & { id: number };

/** An edition's people, each list in display order: what the first-start seed validates and an edition's content writes. */
export const editionPeopleSchema = z.object({
  speakers: z.array(speakerInputSchema),
  hosts: z.array(hostInputSchema),
  implementationSessions: z.array(implementationSessionInputSchema),
  bonusBundle: z.array(bonusBundleItemInputSchema),
});
export type EditionPeople = z.output<typeof editionPeopleSchema>;

/** A registrant's tier: free, or the best pass they hold (src/domain/passes.ts). */
export const registrantTiers = ['free', ...passKinds] as const;
export type RegistrantTier = (typeof registrantTiers)[number];

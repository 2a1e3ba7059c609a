/**
 * The words an edition's visitors and registrants read (docs/PRODUCT.md "The host's own words"):
 * the landing page section by section, the consent wording, the thank-you page, the day pages'
 * host card and call to action, the dashboard's tier list and empty states, and the meta tags.
 * They are part of the edition's settings document, so they are saved, duplicated, exported and
 * imported with the edition. Every section can be hidden; a shown section with nothing in it
 * leaves no heading either (shown-sections.ts).
 */
import { z } from 'zod';
import { TEXT_FIELDS, unknownTextFields } from './fill.ts';

/** The longest paragraph a field takes: a long About text fits, a pasted book does not. */
export const PARAGRAPH_MAX = 4000;
const LINE_MAX = 300;

const line = z.string().trim().max(LINE_MAX, `Use at most ${LINE_MAX} characters.`).default('');
const paragraph = z.string().trim().max(PARAGRAPH_MAX, `Use at most ${PARAGRAPH_MAX} characters.`).default('');
const lines = z
  .array(z.string().trim().min(1).max(LINE_MAX, `Use at most ${LINE_MAX} characters a line.`))
  .max(12)
  .default([]);
const heading = z.string().trim().max(120, 'Use at most 120 characters.');
/** A paragraph that may name the text fields (fill.ts); any other {{name}} is refused with the ones it may use. */
const withFields = paragraph.superRefine((text, context) => {
  const unknown = unknownTextFields(text);
  if (unknown.length === 0) return;
  const named = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');
  context.addIssue({ code: 'custom', message: `There is no field ${named(unknown)} here: use ${named(TEXT_FIELDS)}.` });
});
const shown = z.boolean().default(true);

/** A titled point ("Intimate audio" and its sentence). */
const pointSchema = z.object({ title: z.string().trim().min(1).max(120), text: paragraph });

const landingSchema = z.object({
  hero: z.object({ strapline: line, callToAction: z.string().trim().min(1, 'Give the button a label.').max(60) }),
  about: z.object({ shown, heading, body: paragraph, receiveHeading: heading, receive: lines, receiveNote: paragraph }),
  /** The host comes from the brand; these show while the brand names no host (empty: the section is left out then). */
  host: z.object({ shown, heading, placeholderName: line, placeholderTitle: line, placeholderBio: paragraph }),
  whyAudio: z.object({ shown, heading, points: z.array(pointSchema).max(8).default([]) }),
  speakers: z.object({ shown, heading, intro: paragraph }),
  schedule: z.object({
    shown,
    heading,
    summitCard: z.object({ title: line, tagline: line, points: lines }),
    /** A second card after the summit (the demo's retreat); no title: no card. */
    laterCard: z.object({ title: line, tagline: line, points: lines }),
    differenceHeading: heading,
    difference: lines,
  }),
  sponsors: z.object({ shown, heading, premiumLabel: line, supportingLabel: line, enquiryPrompt: line, enquiryLabel: line }),
  faq: z.object({ shown, heading }),
  closing: z.object({ shown, heading, text: paragraph, showHostLinks: z.boolean().default(false) }),
});

const thankYouSchema = z.object({
  /** The welcome video's place: the words in it, or nothing when empty. */
  videoPlaceholder: line,
  intro: withFields,
  offer: z.object({ shown, heading, subheading: withFields }),
  notReady: z.object({ shown, heading, text: paragraph, linkLabel: line }),
});

const dayPageSchema = z.object({
  hostHeading: heading,
  hostWelcome: paragraph,
  /** The upgrade banner's heading and text; {{pass_name}} is the edition's All Access pass. */
  upgradeHeading: heading,
  upgradeText: withFields,
});

const dashboardSchema = z.object({
  /** What the free tier's card lists (the passes' lists are the passes' own benefits). */
  freeBenefits: lines,
  noBonuses: line,
});

const metaSchema = z.object({
  /** The pages' meta and social description; empty: the brand's tagline. */
  description: paragraph,
  /** The image shared links show (og:image), an https address or a path on this site; empty: none. */
  socialImage: z.string().trim().max(2000).default(''),
  /** The pages' language, a BCP 47 tag such as en, en-GB or de. */
  lang: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en, en-GB or de.'),
});

export const editionTextsSchema = z.object({
  landing: landingSchema,
  /**
   * What the marketing consent covers, as one phrase: "reminders and offers". The box says "Yes,
   * also send me the summit’s …", footers and the e-mail choices page name it too.
   */
  consentTopics: z.string().trim().min(1, 'Say what the e-mails cover, e.g. reminders and offers.').max(200),
  /** The affiliate disclosure the landing, thank-you, day and dashboard pages carry; empty: none. */
  disclaimer: paragraph,
  thankYou: thankYouSchema,
  dayPage: dayPageSchema,
  dashboard: dashboardSchema,
  meta: metaSchema,
});
export type EditionTexts = z.infer<typeof editionTextsSchema>;
export type LandingTexts = EditionTexts['landing'];

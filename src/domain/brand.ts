/**
 * The brand configuration (docs/PRODUCT.md "Brand configuration"): one schema for the
 * /brand-config form, the downloaded and imported document, and the brand applied to the site.
 * Every field is optional in the form (the spec's placeholders are only hints); applying to the
 * site fills what is empty from the site's defaults.
 */
// zod/mini, not zod: this schema ships to the browser with the brand configurator, where the
// full API cost 60 KB of script (decision 0047); the server's schemas use zod.
import * as z from 'zod/mini';
import { withoutNul } from './without-nul.ts';
import { isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH } from './email-address.ts';
import { siteIconUrl } from './site-icon.ts';

export const BRAND_DOCUMENT_VERSION = 1;

/** The spec's placeholders and defaults. */
export const BRAND_DEFAULTS = {
  primaryColor: '#8B5CF6',
  secondaryColor: '#EC4899',
  accentColor: '#10B981',
  daysAvailable: 7,
  hoursPerDay: 24,
} as const;

const hexColor = z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #8B5CF6 (a # and six hexadecimal digits).'));

const optionalText = (max: number, label: string) =>
  z._default(
    z.pipe(
      z.pipe(z.string(), z.transform(withoutNul)),
      z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`)),
    ),
    '',
  );

const optionalUrl = (label: string) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(2000, `${label} is too long.`),
      z.refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), `${label} must start with https:// (or http://).`),
    ),
    '',
  );

/** A logo is a URL of ours (/uploads/…) or an absolute http(s) URL. */
const logoUrl = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(2000, 'The logo URL is too long.'),
    z.refine(
      (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/uploads\/[\w./-]+$/.test(value),
      'The logo URL must start with https:// or be an uploaded file.',
    ),
  ),
  '',
);

const optionalEmail = (label: string) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(MAX_EMAIL_ADDRESS_LENGTH, `${label} is too long.`),
      z.refine((value) => value === '' || isEmailAddress(value), `${label} must be an e-mail address, like name@example.com.`),
    ),
    '',
  );

/** A whole number within bounds, from a form's text or a number (the product's timer settings). */
const boundedWhole = ({ label, min, max, fallback }: { label: string; min: number; max: number; fallback: number }) =>
  z._default(
    z.coerce
      .number(`${label} must be a number.`)
      .check(
        z.refine(Number.isInteger, { message: `${label} must be a whole number.`, abort: true }),
        z.minimum(min, `${label} must be at least ${min}.`),
        z.maximum(max, `${label} must be at most ${max}.`),
      ),
    fallback,
  );

/**
 * The heading fonts a brand can choose (decision 0018): each is self-hosted, cut from its
 * Fontsource package (src/layouts/brand-fonts.ts, decision 0026), never a third-party font host.
 * 'system' uses the platform's serif and loads nothing.
 */
export const HEADING_FONTS = {
  fraunces: { label: 'Fraunces (soft, warm serif)', family: 'Fraunces' },
  lora: { label: 'Lora (calm book serif)', family: 'Lora' },
  'playfair-display': { label: 'Playfair Display (elegant, high contrast)', family: 'Playfair Display' },
  system: { label: 'System serif (no download)', family: null },
} as const;
export type HeadingFont = keyof typeof HEADING_FONTS;
const headingFontKeys = Object.keys(HEADING_FONTS) as [HeadingFont, ...HeadingFont[]];
const SERIF_FALLBACK = 'ui-serif, Georgia, Cambria, "Times New Roman", serif';

export const brandConfigSchema = z.object({
  summitName: optionalText(120, 'The summit name'),
  tagline: optionalText(200, 'The tagline'),
  primaryColor: z._default(hexColor, BRAND_DEFAULTS.primaryColor),
  secondaryColor: z._default(hexColor, BRAND_DEFAULTS.secondaryColor),
  accentColor: z._default(hexColor, BRAND_DEFAULTS.accentColor),
  /** The uploaded logo's public URL (docs/PRODUCT.md "Brand configuration": logoFile). */
  logoFile: logoUrl,
  logoUrl,
  headingFont: z._default(z.enum(headingFontKeys, 'Choose one of the listed fonts.'), 'fraunces'),
  hostName: optionalText(120, 'The host name'),
  hostTitle: optionalText(160, 'The host title'),
  hostBio: optionalText(5000, 'The host bio'),
  websiteUrl: optionalUrl('The website URL'),
  socialLinks: z._default(
    z.object({
      instagram: optionalUrl('The Instagram link'),
      linkedin: optionalUrl('The LinkedIn link'),
      facebook: optionalUrl('The Facebook link'),
      twitter: optionalUrl('The Twitter link'),
    }),
    { instagram: '', linkedin: '', facebook: '', twitter: '' },
  ),
  redirectUrls: z._default(
    z.object({
      salesPage: optionalUrl('The sales page URL'),
      thankYou: optionalUrl('The thank-you page URL'),
      course: optionalUrl('The course URL'),
    }),
    { salesPage: '', thankYou: '', course: '' },
  ),
  emailSettings: z._default(
    z.object({
      supportEmail: optionalEmail('The support e-mail'),
      replyToEmail: optionalEmail('The reply-to e-mail'),
    }),
    { supportEmail: '', replyToEmail: '' },
  ),
  timerSettings: z._default(
    z.object({
      mode: z._default(z.enum(['evergreen', 'live'], 'The timer mode is evergreen or live.'), 'evergreen'),
      daysAvailable: boundedWhole({ label: 'Days available', min: 1, max: 365, fallback: BRAND_DEFAULTS.daysAvailable }),
      hoursPerDay: boundedWhole({ label: 'Hours per day', min: 1, max: 24, fallback: BRAND_DEFAULTS.hoursPerDay }),
    }),
    { mode: 'evergreen', daysAvailable: BRAND_DEFAULTS.daysAvailable, hoursPerDay: BRAND_DEFAULTS.hoursPerDay },
  ),
  legalInfo: z._default(
    z.object({
      companyName: optionalText(200, 'The company name'),
      privacyPolicyUrl: optionalUrl('The privacy policy URL'),
      termsOfServiceUrl: optionalUrl('The terms of service URL'),
    }),
    { companyName: '', privacyPolicyUrl: '', termsOfServiceUrl: '' },
  ),
});

export type BrandConfig = z.infer<typeof brandConfigSchema>;
export type BrandConfigInput = z.input<typeof brandConfigSchema>;

export function defaultBrandConfig(): BrandConfig {
  return brandConfigSchema.parse({});
}

/** The downloaded file: versioned, so later versions can still import it. */
export const brandDocumentSchema = z.object({
  kind: z.literal('summit-brand-configuration', 'This is not a brand configuration file.'),
  version: z.literal(BRAND_DOCUMENT_VERSION, `Only version ${BRAND_DOCUMENT_VERSION} brand configuration files can be imported.`),
  exportedAt: z.optional(z.string()),
  brand: brandConfigSchema,
});
export type BrandDocument = z.infer<typeof brandDocumentSchema>;

export function brandDocument(brand: BrandConfig, exportedAt: Date): BrandDocument {
  return { kind: 'summit-brand-configuration', version: BRAND_DOCUMENT_VERSION, exportedAt: exportedAt.toISOString(), brand };
}

/** Problems as "field.path: message" lines, for an import that failed validation. */
export function describeBrandProblems(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const INK = '#1F1630';
export const WHITE = '#FFFFFF';

/** White or ink, whichever reads better on the background. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}

function mixWithBlack(hex: string, blackShare: number): string {
  const channel = (offset: number) => Math.round(parseInt(hex.slice(offset, offset + 2), 16) * (1 - blackShare));
  return `#${[1, 3, 5].map((offset) => channel(offset).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/**
 * The colour itself when white text on it reaches the ratio, else the lightest darker shade of
 * it that does. Used for buttons with white text and for brand text on the page's light
 * backgrounds: 5.5 against white keeps WCAG AA (4.5) on the tinted ones too.
 */
export const STRONG_SHADE_RATIO = 5.5;

export function strongShade(hex: string, ratio = STRONG_SHADE_RATIO): string {
  for (let share = 0; share <= 1; share += 0.05) {
    const shade = mixWithBlack(hex, share);
    if (contrastRatio(shade, WHITE) >= ratio) return shade;
  }
  return '#000000';
}

/** The CSS custom properties a brand sets on :root (see src/styles/global.css). */
export function brandCssVariables(
  brand: Pick<BrandConfig, 'primaryColor' | 'secondaryColor' | 'accentColor'> & Partial<Pick<BrandConfig, 'headingFont'>>,
): Record<string, string> {
  const family = HEADING_FONTS[brand.headingFont ?? 'fraunces'].family;
  return {
    '--font-serif': family ? `"${family}", ${SERIF_FALLBACK}` : SERIF_FALLBACK,
    '--brand-primary': brand.primaryColor,
    '--brand-primary-strong': strongShade(brand.primaryColor),
    '--brand-secondary': brand.secondaryColor,
    '--brand-accent': brand.accentColor,
  };
}

/** The brand every page shows: the applied configuration over the site's own defaults. */
export interface SiteBrand {
  summitName: string;
  tagline: string;
  logoUrl: string | null;
  hostName: string | null;
  hostTitle: string | null;
  hostBio: string | null;
  websiteUrl: string | null;
  socialLinks: { label: string; url: string }[];
  supportEmail: string | null;
  /** Where replies to the site's e-mails go (the Reply-To of every message), or null for the sender. */
  replyToEmail: string | null;
  courseUrl: string | null;
  thankYouUrl: string | null;
  legal: { companyName: string | null; privacyPolicyUrl: string | null; termsOfServiceUrl: string | null };
  headingFont: HeadingFont;
  /** The :root rule with the brand's colour variables. */
  css: string;
  /** For e-mails, which cannot use the CSS variables: the brand's colours and the primary's readable shade. */
  colors: { primary: string; primaryStrong: string; secondary: string; accent: string };
  /** The favicon, in the brand's colour (src/domain/site-icon.ts). */
  iconUrl: string;
}

export const SITE_DEFAULTS = {
  summitName: 'The Sacred Business Audio Summit',
  tagline: 'Sacred conversations for spiritual, heart-led entrepreneurs who want a business that feels as good as it grows.',
} as const;

const SOCIAL_LABELS = { instagram: 'Instagram', linkedin: 'LinkedIn', facebook: 'Facebook', twitter: 'Twitter' } as const;

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function resolveSiteBrand(config: BrandConfig | null): SiteBrand {
  const brand = config ?? defaultBrandConfig();
  const variables = brandCssVariables(brand);
  return {
    summitName: orNull(brand.summitName) ?? SITE_DEFAULTS.summitName,
    // The site's tagline stands in only while no brand is applied: an applied brand's empty tagline means none.
    tagline: config ? (orNull(brand.tagline) ?? '') : SITE_DEFAULTS.tagline,
    logoUrl: orNull(brand.logoFile) ?? orNull(brand.logoUrl),
    hostName: orNull(brand.hostName),
    hostTitle: orNull(brand.hostTitle),
    hostBio: orNull(brand.hostBio),
    websiteUrl: orNull(brand.websiteUrl),
    socialLinks: (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[])
      .filter((key) => brand.socialLinks[key])
      .map((key) => ({ label: SOCIAL_LABELS[key], url: brand.socialLinks[key] })),
    supportEmail: orNull(brand.emailSettings.supportEmail),
    replyToEmail: orNull(brand.emailSettings.replyToEmail),
    courseUrl: orNull(brand.redirectUrls.course),
    thankYouUrl: orNull(brand.redirectUrls.thankYou),
    legal: {
      companyName: orNull(brand.legalInfo.companyName),
      privacyPolicyUrl: orNull(brand.legalInfo.privacyPolicyUrl),
      termsOfServiceUrl: orNull(brand.legalInfo.termsOfServiceUrl),
    },
    headingFont: brand.headingFont,
    css: `:root{${Object.entries(variables)
      .map(([name, value]) => `${name}:${value}`)
      .join(';')}}`,
    colors: {
      primary: brand.primaryColor,
      primaryStrong: strongShade(brand.primaryColor),
      secondary: brand.secondaryColor,
      accent: brand.accentColor,
    },
    iconUrl: siteIconUrl(strongShade(brand.primaryColor)),
  };
}

/**
 * The brand configurator's form as data: its tabs and fields, the text typed in each field, and
 * the schema's verdict on that text (the parsed configuration, messages per field, and a lenient
 * configuration for the prompts while some fields are invalid). Pure functions, no React.
 */
import { BRAND_DEFAULTS, brandConfigSchema, defaultBrandConfig, type BrandConfig, type BrandConfigInput } from '../../domain/brand.ts';
import { firstMessageByField } from '../../domain/form-messages.ts';

export type TabId = 'branding' | 'content' | 'links' | 'settings';

export const TABS: { id: TabId; label: string }[] = [
  { id: 'branding', label: 'Branding' },
  { id: 'content', label: 'Content' },
  { id: 'links', label: 'Links' },
  { id: 'settings', label: 'Settings' },
];

/**
 * Every field of the configuration, in the order the form shows them; null: kept and exported
 * but not edited on this screen.
 */
export const FIELDS = {
  summitName: 'branding',
  tagline: 'branding',
  primaryColor: 'branding',
  secondaryColor: 'branding',
  accentColor: 'branding',
  headingFont: 'branding',
  logoFile: 'branding',
  logoUrl: 'branding',
  hostName: 'content',
  hostTitle: 'content',
  hostBio: 'content',
  'redirectUrls.salesPage': 'links',
  'redirectUrls.thankYou': 'links',
  'redirectUrls.course': 'links',
  'socialLinks.instagram': 'links',
  'socialLinks.linkedin': 'links',
  'socialLinks.facebook': 'links',
  'socialLinks.twitter': 'links',
  websiteUrl: 'links',
  'legalInfo.companyName': 'links',
  'legalInfo.privacyPolicyUrl': 'links',
  'legalInfo.termsOfServiceUrl': 'links',
  'timerSettings.mode': 'settings',
  'timerSettings.daysAvailable': 'settings',
  'timerSettings.hoursPerDay': 'settings',
  'emailSettings.supportEmail': 'settings',
  'emailSettings.replyToEmail': 'settings',
} as const satisfies Record<string, TabId | null>;

export type FieldPath = keyof typeof FIELDS;

/**
 * The admin's Brand screen is about this site (docs/PRODUCT.md "Brand configuration"): its tabs
 * name what they hold here, the e-mail addresses go with the contact links, and the parts only a
 * downloadable copy uses (the timer, the sales page and course links) are not shown: they are
 * kept as they are and edited on /brand-config.
 */
export const ADMIN_TABS: { id: TabId; label: string }[] = [
  { id: 'branding', label: 'Name and look' },
  { id: 'content', label: 'Host' },
  { id: 'links', label: 'Contact and legal' },
];
const ADMIN_FIELD_TABS: Partial<Record<FieldPath, TabId | null>> = {
  'emailSettings.supportEmail': 'links',
  'emailSettings.replyToEmail': 'links',
  'timerSettings.mode': null,
  'timerSettings.daysAvailable': null,
  'timerSettings.hoursPerDay': null,
  'redirectUrls.salesPage': null,
  'redirectUrls.course': null,
};

/** The tab a field is edited on, on the admin's screen or the public configurator; null: not on this screen. */
export function tabOf(path: FieldPath, inAdmin: boolean): TabId | null {
  return inAdmin && path in ADMIN_FIELD_TABS ? (ADMIN_FIELD_TABS[path] ?? null) : FIELDS[path];
}
export type FormValues = Record<FieldPath, string>;
export type FieldErrors = Partial<Record<FieldPath, string>>;

export const FIELD_PATHS = Object.keys(FIELDS) as FieldPath[];
const NUMBER_FIELDS = new Set<FieldPath>(['timerSettings.daysAvailable', 'timerSettings.hoursPerDay']);

export const COLOURS = [
  { path: 'primaryColor', name: 'Primary', placeholder: BRAND_DEFAULTS.primaryColor },
  { path: 'secondaryColor', name: 'Secondary', placeholder: BRAND_DEFAULTS.secondaryColor },
  { path: 'accentColor', name: 'Accent', placeholder: BRAND_DEFAULTS.accentColor },
] as const;
export type ColourPath = (typeof COLOURS)[number]['path'];
export type Pickers = Record<ColourPath, string>;

export const HEX = /^#[0-9a-fA-F]{6}$/;

/** What the logo field offers (docs/PRODUCT.md: JPG, PNG and SVG advertised). */
export const ADVERTISED_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** What it takes: a WebP chosen anyway is judged by its bytes like the others, so it is not refused. */
export const LOGO_TYPES = [...ADVERTISED_LOGO_TYPES, 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** The element id of a field's control. */
export const fieldId = (path: FieldPath) => (path === 'logoFile' ? 'brand-logo-upload' : `brand-${path.replace('.', '-')}`);

/** The element id of a colour's native picker, next to its hex field of id `hexFieldId`. */
export const colourPickerId = (hexFieldId: string) => `${hexFieldId}-picker`;

/** The element id of Import Configuration's file input. */
export const IMPORT_INPUT_ID = 'brand-import';

export function readPath(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The form's text for a configuration (or an unparsed input: what it lacks comes from the defaults). */
export function toValues(source: unknown): FormValues {
  const defaults = defaultBrandConfig();
  const values = {} as FormValues;
  for (const path of FIELD_PATHS) {
    const value = readPath(source, path) ?? readPath(defaults, path);
    values[path] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/** The schema's input for the form's text; an empty number takes the schema's default. */
function toInput(values: FormValues, skip: ReadonlySet<FieldPath> = new Set()): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const path of FIELD_PATHS) {
    if (skip.has(path)) continue;
    const value = values[path];
    if (NUMBER_FIELDS.has(path) && value.trim() === '') continue;
    const keys = path.split('.');
    let target = input;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[keys[keys.length - 1] as string] = value;
  }
  return input;
}

export interface Validation {
  /** The parsed configuration, or null while any field is invalid. */
  config: BrandConfig | null;
  errors: FieldErrors;
  problemCount: number;
  /** The configuration with invalid fields at their defaults: what the prompts show meanwhile. */
  lenient: BrandConfig;
}

export function validate(values: FormValues): Validation {
  const result = brandConfigSchema.safeParse(toInput(values));
  if (result.success) return { config: result.data, errors: {}, problemCount: 0, lenient: result.data };
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(firstMessageByField(result.error.issues))) {
    if (path in FIELDS) errors[path as FieldPath] = message;
  }
  const retry = brandConfigSchema.safeParse(toInput(values, new Set(Object.keys(errors) as FieldPath[])));
  return {
    config: null,
    errors,
    problemCount: result.error.issues.length,
    lenient: retry.success ? retry.data : defaultBrandConfig(),
  };
}

export function pickersFor(values: FormValues, fallback?: Pickers): Pickers {
  const pickers = {} as Pickers;
  for (const { path, placeholder } of COLOURS) {
    const typed = values[path].trim();
    pickers[path] = HEX.test(typed) ? typed : (fallback?.[path] ?? placeholder);
  }
  return pickers;
}

export function initialValues(initialConfig: BrandConfigInput | undefined): FormValues {
  if (initialConfig === undefined) return toValues(defaultBrandConfig());
  const parsed = brandConfigSchema.safeParse(initialConfig);
  // An invalid initial configuration is shown as given, with its problems next to the fields.
  return toValues(parsed.success ? parsed.data : initialConfig);
}

/**
 * The brand configuration screen (SPEC.md "Brand configuration (/brand-config)"): four tabs of
 * fields validated by brandConfigSchema as they change, a logo upload, four live AI prompts with
 * copy buttons, and download / import of the versioned configuration document. Given an
 * applyUrl (only the admin's /admin/brand does), it can also apply the configuration to the site.
 *
 * The form keeps every field as the text typed (numbers included), so invalid input is never
 * cleared; the schema turns that text into a BrandConfig.
 */
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  BRAND_DEFAULTS,
  brandConfigSchema,
  brandDocument,
  brandDocumentSchema,
  defaultBrandConfig,
  describeBrandProblems,
  type BrandConfig,
  type BrandConfigInput,
} from '../domain/brand.ts';
import { brandPrompts } from '../domain/brand-prompts.ts';
import { ColourField, SelectField, TextAreaField, TextField, describedBy, labelClass } from './brand/fields.tsx';
import { Tabs } from './brand/Tabs.tsx';
import { copyText, ToastRegion, useToasts } from './toast.tsx';

type TabId = 'branding' | 'content' | 'links' | 'settings';

const TABS: { id: TabId; label: string }[] = [
  { id: 'branding', label: 'Branding' },
  { id: 'content', label: 'Content' },
  { id: 'links', label: 'Links' },
  { id: 'settings', label: 'Settings' },
];

/**
 * Every field of the configuration, in the order the form shows them; null: kept and exported
 * but not edited on this screen.
 */
const FIELDS = {
  summitName: 'branding',
  tagline: 'branding',
  primaryColor: 'branding',
  secondaryColor: 'branding',
  accentColor: 'branding',
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
  'timerSettings.mode': 'settings',
  'timerSettings.daysAvailable': 'settings',
  'timerSettings.hoursPerDay': 'settings',
  'emailSettings.supportEmail': 'settings',
  'emailSettings.replyToEmail': 'settings',
  websiteUrl: null,
  'legalInfo.companyName': null,
  'legalInfo.privacyPolicyUrl': null,
  'legalInfo.termsOfServiceUrl': null,
} as const satisfies Record<string, TabId | null>;

type FieldPath = keyof typeof FIELDS;
type FormValues = Record<FieldPath, string>;
type FieldErrors = Partial<Record<FieldPath, string>>;

const FIELD_PATHS = Object.keys(FIELDS) as FieldPath[];
const NUMBER_FIELDS = new Set<FieldPath>(['timerSettings.daysAvailable', 'timerSettings.hoursPerDay']);

const COLOURS = [
  { path: 'primaryColor', name: 'Primary', placeholder: BRAND_DEFAULTS.primaryColor },
  { path: 'secondaryColor', name: 'Secondary', placeholder: BRAND_DEFAULTS.secondaryColor },
  { path: 'accentColor', name: 'Accent', placeholder: BRAND_DEFAULTS.accentColor },
] as const;
type ColourPath = (typeof COLOURS)[number]['path'];
type Pickers = Record<ColourPath, string>;

const HEX = /^#[0-9a-fA-F]{6}$/;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const IMPORT_MAX_BYTES = 1024 * 1024;

/** The element id of a field's control. */
const fieldId = (path: FieldPath) => (path === 'logoFile' ? 'brand-logo-upload' : `brand-${path.replace('.', '-')}`);

function readPath(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The form's text for a configuration (or an unparsed input: what it lacks comes from the defaults). */
function toValues(source: unknown): FormValues {
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

interface Validation {
  /** The parsed configuration, or null while any field is invalid. */
  config: BrandConfig | null;
  errors: FieldErrors;
  problemCount: number;
  /** The configuration with invalid fields at their defaults: what the prompts show meanwhile. */
  lenient: BrandConfig;
}

function validate(values: FormValues): Validation {
  const result = brandConfigSchema.safeParse(toInput(values));
  if (result.success) return { config: result.data, errors: {}, problemCount: 0, lenient: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') as FieldPath;
    if (path in FIELDS && !errors[path]) errors[path] = issue.message;
  }
  const retry = brandConfigSchema.safeParse(toInput(values, new Set(Object.keys(errors) as FieldPath[])));
  return {
    config: null,
    errors,
    problemCount: result.error.issues.length,
    lenient: retry.success ? retry.data : defaultBrandConfig(),
  };
}

function pickersFor(values: FormValues, fallback?: Pickers): Pickers {
  const pickers = {} as Pickers;
  for (const { path, placeholder } of COLOURS) {
    const typed = values[path].trim();
    pickers[path] = HEX.test(typed) ? typed : (fallback?.[path] ?? placeholder);
  }
  return pickers;
}

function initialValues(initialConfig: BrandConfigInput | undefined): FormValues {
  if (initialConfig === undefined) return toValues(defaultBrandConfig());
  const parsed = brandConfigSchema.safeParse(initialConfig);
  // An invalid initial configuration is shown as given, with its problems next to the fields.
  return toValues(parsed.success ? parsed.data : initialConfig);
}

export interface BrandConfiguratorProps {
  /** Names the storage provider in the upload failure toast (SPEC.md section 8). */
  storageName: string;
  initialConfig?: BrandConfigInput;
  /**
   * Where "Apply to this site" posts `{ brand }` (the admin API). Without it the button is not
   * shown: anonymous visitors on /brand-config cannot change the site.
   */
  applyUrl?: string;
}

const primaryButton =
  'inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white shadow-md transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary disabled:cursor-not-allowed disabled:opacity-60';
const secondaryButton =
  'inline-flex items-center justify-center rounded-full border border-brand-primary-strong bg-white px-6 py-3 font-semibold text-brand-primary-strong transition hover:bg-brand-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';
const fileInputClass =
  'mt-2 block w-full text-sm text-muted file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-primary-strong file:px-5 file:py-2.5 file:font-semibold file:text-white hover:file:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary disabled:cursor-not-allowed disabled:opacity-60';

export function BrandConfigurator({ storageName, initialConfig, applyUrl }: BrandConfiguratorProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(initialConfig));
  const [pickers, setPickers] = useState<Pickers>(() => pickersFor(values));
  const [tab, setTab] = useState<TabId>('branding');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [importProblems, setImportProblems] = useState<string[] | null>(null);
  const [applying, setApplying] = useState(false);
  const { toasts, show } = useToasts();

  const validation = useMemo(() => validate(values), [values]);
  const { errors } = validation;
  const prompts = useMemo(() => brandPrompts(validation.lenient), [validation.lenient]);

  const setField = (path: FieldPath, value: string) => setValues((current) => ({ ...current, [path]: value }));

  const setColourText = (path: ColourPath, value: string) => {
    setField(path, value);
    const typed = value.trim();
    if (HEX.test(typed)) setPickers((current) => ({ ...current, [path]: typed }));
  };

  const setColourPicker = (path: ColourPath, value: string) => {
    setPickers((current) => ({ ...current, [path]: value }));
    setField(path, value.toUpperCase());
  };

  const replaceAll = (config: BrandConfig) => {
    const next = toValues(config);
    setValues(next);
    setPickers(pickersFor(next));
    setUploadError(null);
  };

  const field = (path: FieldPath) => ({ id: fieldId(path), value: values[path], error: errors[path], onChange: (value: string) => setField(path, value) });

  // --- Logo upload -------------------------------------------------------------------------

  const uploadLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setUploadError('The logo must be a JPG, PNG, SVG or WebP image.');
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setUploadError('The logo must be at most 2 MB.');
      return;
    }
    setUploadError(null);
    setUploading(true);
    const storageFailure = () =>
      show('Upload failed', `Please ensure your storage is properly configured. (${storageName})`, 'destructive');
    try {
      const body = new FormData();
      body.append('logo', file);
      const response = await fetch('/api/uploads/logo', { method: 'POST', body, credentials: 'same-origin' });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const url = readPath(answer, 'url');
        if (typeof url !== 'string' || url === '') {
          storageFailure();
          return;
        }
        setField('logoFile', url);
        show('Logo uploaded successfully');
      } else if (response.status >= 400 && response.status < 500) {
        const error = readPath(answer, 'error');
        const message = typeof error === 'string' && error !== '' ? error : 'There was an error uploading your logo. Please try again.';
        setUploadError(message);
        show('Upload error', message, 'destructive');
      } else {
        storageFailure();
      }
    } catch {
      storageFailure();
    } finally {
      setUploading(false);
    }
  };

  const logoPreview = [values.logoFile, values.logoUrl]
    .map((value, index) => ({ value: value.trim(), ok: !errors[index === 0 ? 'logoFile' : 'logoUrl'] }))
    .find((logo) => logo.value !== '' && logo.ok)?.value;

  // --- Download and import -----------------------------------------------------------------

  /** The parsed configuration, or null after telling what to fix and focusing the first problem. */
  const validConfig = (failureTitle: string): BrandConfig | null => {
    if (validation.config) return validation.config;
    const count = validation.problemCount;
    show(failureTitle, `Fix the ${count} ${count === 1 ? 'problem' : 'problems'} in the form first.`, 'destructive');
    const first = FIELD_PATHS.find((path) => errors[path] && FIELDS[path] !== null);
    const firstTab = first ? FIELDS[first] : null;
    if (first && firstTab) {
      flushSync(() => setTab(firstTab));
      document.getElementById(fieldId(first))?.focus();
    }
    return null;
  };

  const download = () => {
    const config = validConfig('Configuration not downloaded');
    if (!config) return;
    const json = JSON.stringify(brandDocument(config, new Date()), null, 2);
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'brand-configuration.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    show('Configuration downloaded', 'Saved as brand-configuration.json.');
  };

  const apply = async () => {
    if (!applyUrl || applying) return;
    const config = validConfig('Brand not applied');
    if (!config) return;
    const failed = (message: string) => show('Could not apply the brand', message, 'destructive');
    setApplying(true);
    try {
      const response = await fetch(applyUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ brand: config }),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 200) {
        show('Brand applied', 'Your site now uses this brand. Open any page to see it.');
        return;
      }
      const error = readPath(answer, 'error');
      failed(typeof error === 'string' && error !== '' ? error : `The server answered ${response.status}. Please try again.`);
    } catch {
      failed('The server could not be reached. Check your connection and try again.');
    } finally {
      setApplying(false);
    }
  };

  const importConfiguration = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const fail = (problems: string[]) => {
      setImportProblems(problems);
      show('Import failed', `${file.name}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} found. The form was not changed.`, 'destructive');
    };
    if (file.size > IMPORT_MAX_BYTES) {
      fail(['The file is too large to be a brand configuration (at most 1 MB).']);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      fail(['The file is not valid JSON.']);
      return;
    }
    const result = brandDocumentSchema.safeParse(json);
    if (!result.success) {
      fail(describeBrandProblems(result.error));
      return;
    }
    replaceAll(result.data.brand);
    setImportProblems(null);
    show('Configuration imported', `Loaded from ${file.name}.`);
  };

  const copy = async (text: string) => {
    if (await copyText(text)) show('Copied to clipboard', 'The AI prompt has been copied to your clipboard.');
    else show('Copy failed', 'Your browser did not allow copying. Select the prompt text and copy it yourself.', 'destructive');
  };

  // --- Panels ------------------------------------------------------------------------------

  const branding = (
    <div className="grid gap-6">
      <TextField {...field('summitName')} label="Summit name" type="text" placeholder="e.g. The Sacred Business Audio Summit" maxLength={120} />
      <TextField {...field('tagline')} label="Tagline" type="text" placeholder="e.g. Sacred conversations for heart-led entrepreneurs" maxLength={200} />
      <div className="grid gap-6 md:grid-cols-3">
        {COLOURS.map(({ path, name, placeholder }) => (
          <ColourField
            key={path}
            id={fieldId(path)}
            name={name}
            value={values[path]}
            pickerValue={pickers[path]}
            placeholder={placeholder}
            error={errors[path]}
            onTextChange={(value) => setColourText(path, value)}
            onPickerChange={(value) => setColourPicker(path, value)}
          />
        ))}
      </div>
      <fieldset className="grid gap-4 rounded-2xl border border-ink/10 p-5">
        <legend className="px-1 font-semibold text-ink">Logo</legend>
        <p className="text-sm text-muted">Upload a logo file or give the address of one. An uploaded file is used first.</p>
        <div>
          <label htmlFor={fieldId('logoFile')} className={labelClass}>
            Upload a logo (JPG, PNG, SVG or WebP, at most 2 MB)
          </label>
          <input
            id={fieldId('logoFile')}
            type="file"
            accept={LOGO_TYPES.join(',')}
            disabled={uploading}
            aria-invalid={uploadError || errors.logoFile ? true : undefined}
            aria-describedby={describedBy(uploadError && 'brand-logo-upload-error', errors.logoFile && 'brand-logo-file-error')}
            onChange={uploadLogo}
            className={fileInputClass}
          />
          <p aria-live="polite" className="mt-1 text-sm text-muted">
            {uploading ? 'Uploading your logo…' : ''}
          </p>
          {uploadError ? (
            <p id="brand-logo-upload-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
              {uploadError}
            </p>
          ) : null}
          {errors.logoFile ? (
            <p id="brand-logo-file-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.logoFile}
            </p>
          ) : null}
          {values.logoFile.trim() !== '' ? (
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
              <span>
                Uploaded file: <span className="break-all text-ink">{values.logoFile}</span>
              </span>
              <button
                type="button"
                onClick={() => setField('logoFile', '')}
                className="font-semibold text-brand-primary-strong underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-primary"
              >
                Remove uploaded logo
              </button>
            </p>
          ) : null}
        </div>
        <TextField {...field('logoUrl')} label="Logo URL" type="url" placeholder="https://example.com/logo.png" maxLength={2000} />
        <div>
          <p className={labelClass}>Preview</p>
          {logoPreview ? (
            <img
              src={logoPreview}
              alt={`Logo preview${values.summitName.trim() ? ` for ${values.summitName.trim()}` : ''}`}
              className="mt-2 max-h-32 w-auto max-w-full rounded-xl border border-ink/10 bg-white object-contain p-3"
            />
          ) : (
            <p className="mt-1 text-sm text-muted">No logo yet.</p>
          )}
        </div>
      </fieldset>
    </div>
  );

  const content = (
    <div className="grid gap-6">
      <TextField {...field('hostName')} label="Host name" type="text" placeholder="e.g. Luna Rivers" autoComplete="name" maxLength={120} />
      <TextField {...field('hostTitle')} label="Host title" type="text" placeholder="e.g. Founder and podcast host" maxLength={160} />
      <TextAreaField {...field('hostBio')} label="Host bio" placeholder="A few sentences about the host, their story and why they bring these conversations together." />
    </div>
  );

  const links = (
    <div className="grid gap-8">
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Redirect URLs</legend>
        <TextField {...field('redirectUrls.salesPage')} label="Sales page URL" type="url" placeholder="https://example.com/all-access" />
        <TextField {...field('redirectUrls.thankYou')} label="Thank-you page URL" type="url" placeholder="https://example.com/thank-you" />
        <TextField {...field('redirectUrls.course')} label="Course URL" type="url" placeholder="https://example.com/course" />
      </fieldset>
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Social links</legend>
        <TextField {...field('socialLinks.instagram')} label="Instagram" type="url" placeholder="https://instagram.com/yourname" />
        <TextField {...field('socialLinks.linkedin')} label="LinkedIn" type="url" placeholder="https://linkedin.com/in/yourname" />
        <TextField {...field('socialLinks.facebook')} label="Facebook" type="url" placeholder="https://facebook.com/yourname" />
        <TextField {...field('socialLinks.twitter')} label="Twitter" type="url" placeholder="https://twitter.com/yourname" />
      </fieldset>
    </div>
  );

  const settings = (
    <div className="grid gap-8">
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Timer</legend>
        <SelectField
          {...field('timerSettings.mode')}
          label="Timer mode"
          options={[
            { value: 'evergreen', label: 'Evergreen' },
            { value: 'live', label: 'Live' },
          ]}
          hint="Evergreen: each visitor's access starts at their first visit. Live: the same dates for everyone."
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField {...field('timerSettings.daysAvailable')} label="Days available" type="number" placeholder={String(BRAND_DEFAULTS.daysAvailable)} min={1} max={365} />
          <TextField {...field('timerSettings.hoursPerDay')} label="Hours per day" type="number" placeholder={String(BRAND_DEFAULTS.hoursPerDay)} min={1} max={24} />
        </div>
      </fieldset>
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">E-mail</legend>
        <TextField {...field('emailSettings.supportEmail')} label="Support e-mail" type="email" placeholder="support@example.com" autoComplete="email" />
        <TextField {...field('emailSettings.replyToEmail')} label="Reply-to e-mail" type="email" placeholder="hello@example.com" autoComplete="email" />
      </fieldset>
    </div>
  );

  const panels: Record<TabId, ReactNode> = { branding, content, links, settings };

  return (
    <div className="grid gap-10">
      <section aria-labelledby="brand-form-heading" className="rounded-3xl bg-white p-6 shadow-xl shadow-brand-primary/10 sm:p-8">
        <h2 id="brand-form-heading" className="font-serif text-2xl font-bold text-ink">
          Your brand
        </h2>
        <p className="mt-1 text-muted">Every field is optional. The prompts below update as you type.</p>
        <div className="mt-6">
          <Tabs idPrefix="brand" label="Brand configuration" tabs={TABS.map((t) => ({ ...t, content: panels[t.id] }))} selected={tab} onSelect={setTab} />
        </div>
      </section>

      <section aria-labelledby="brand-prompts-heading">
        <h2 id="brand-prompts-heading" className="font-serif text-2xl font-bold text-ink">
          AI prompts
        </h2>
        <p className="mt-1 text-muted">Paste these into your AI assistant to apply your brand to the site&apos;s code.</p>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {prompts.map((prompt) => (
            <article key={prompt.id} data-prompt={prompt.id} aria-labelledby={`prompt-${prompt.id}-title`} className="flex min-w-0 flex-col rounded-3xl bg-white p-6 shadow-lg shadow-brand-primary/10">
              <h3 id={`prompt-${prompt.id}-title`} className="text-lg font-semibold text-ink">
                {prompt.title}
              </h3>
              <pre
                tabIndex={0}
                className="mt-3 max-h-80 flex-1 overflow-auto rounded-2xl bg-surface p-4 font-mono text-sm whitespace-pre-wrap text-ink ring-1 ring-ink/10 focus-visible:outline-2 focus-visible:outline-brand-primary"
              >
                {prompt.text}
              </pre>
              <button
                type="button"
                aria-describedby={`prompt-${prompt.id}-title`}
                onClick={() => void copy(prompt.text)}
                className={`${primaryButton} mt-4 self-start`}
              >
                Copy Prompt
              </button>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="brand-actions-heading" className="rounded-3xl bg-white p-6 shadow-lg shadow-brand-primary/10 sm:p-8">
        <h2 id="brand-actions-heading" className="font-serif text-2xl font-bold text-ink">
          Save and continue
        </h2>
        <div className="mt-6 flex flex-wrap items-start gap-4">
          <button type="button" onClick={download} className={primaryButton}>
            Download Configuration
          </button>
          {applyUrl ? (
            <button type="button" onClick={() => void apply()} disabled={applying} aria-busy={applying || undefined} className={primaryButton}>
              Apply to this site
            </button>
          ) : null}
          <a href="/setup-guide" className={secondaryButton}>
            Back to Setup Guide
          </a>
        </div>
        <div className="mt-8">
          <label htmlFor="brand-import" className={labelClass}>
            Import Configuration
          </label>
          <p id="brand-import-hint" className="mt-1 text-sm text-muted">
            A brand-configuration.json file downloaded from this page.
          </p>
          <input
            id="brand-import"
            type="file"
            accept="application/json"
            aria-describedby={describedBy('brand-import-hint', importProblems && 'brand-import-problems')}
            onChange={(event) => void importConfiguration(event)}
            className={fileInputClass}
          />
          {importProblems ? (
            <div id="brand-import-problems" role="alert" data-import-problems="" className="mt-4 rounded-2xl bg-red-50 p-4 text-sm text-red-800">
              <p className="font-semibold">The configuration was not imported. The form was not changed.</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {importProblems.map((problem, index) => (
                  <li key={index}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </section>

      <ToastRegion toasts={toasts} />
    </div>
  );
}

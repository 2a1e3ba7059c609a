/**
 * The four tab panels of the brand configurator. Each gets the form's field binder (value,
 * message and change handler of a field) and renders its controls; none keeps state of its own.
 */
import { BRAND_DEFAULTS, HEADING_FONTS, type HeadingFont } from '../../domain/brand.ts';
import { FILE_INPUT } from '../../components/form/styles.ts';
import { ColourField, SelectField, TextAreaField, TextField, TextFields, describedBy, labelClass, type FieldBinder } from './fields.tsx';
import { ContrastWarnings } from './ContrastWarnings.tsx';
import type { FileChoice } from './edits-before-hydration.ts';
import { EmailFields, SocialAndLegal } from './contact-panels.tsx';
import { ADVERTISED_LOGO_TYPES, COLOURS, fieldId, type FieldErrors, type FieldPath, type FormValues, type Pickers } from './form-model.ts';

/** The props a field control of the configurator takes from the form. */
const HEADING_FONT_OPTIONS = (Object.keys(HEADING_FONTS) as HeadingFont[]).map((value) => ({ value, label: HEADING_FONTS[value].label }));

export type { FieldBinder };

export interface BrandingPanelProps {
  field: FieldBinder;
  values: FormValues;
  errors: FieldErrors;
  pickers: Pickers;
  setField: (path: FieldPath, value: string) => void;
  setColourText: (path: (typeof COLOURS)[number]['path'], value: string) => void;
  setColourPicker: (path: (typeof COLOURS)[number]['path'], value: string) => void;
  logo: { uploading: boolean; uploadError: string | null; uploadLogo: (event: FileChoice) => void };
}

/** Name, tagline, colours and the logo (upload or address, with a preview). `inAdmin`: the site's own brand, in the host's words. */
export function BrandingPanel({
  field,
  values,
  errors,
  pickers,
  setField,
  setColourText,
  setColourPicker,
  logo,
  inAdmin = false,
}: BrandingPanelProps & { inAdmin?: boolean }) {
  return (
    <div className="grid gap-6">
      <TextFields
        field={field}
        fields={[
          {
            path: 'summitName',
            label: 'Summit name',
            type: 'text',
            placeholder: inAdmin ? 'e.g. Tidewater Makers Summit' : 'e.g. The Sacred Business Audio Summit',
            maxLength: 120,
          },
          {
            path: 'tagline',
            label: 'Tagline',
            type: 'text',
            placeholder: inAdmin ? 'One line under the name' : 'e.g. Sacred conversations for heart-led entrepreneurs',
            maxLength: 200,
            ...(inAdmin ? { hint: 'Leave it empty for no tagline.' } : {}),
          },
        ]}
      />
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
      <ContrastWarnings values={values} takeShade={setColourText} />
      <SelectField
        {...field('headingFont')}
        label="Heading font"
        options={HEADING_FONT_OPTIONS}
        hint="Served from this site (no third-party font host); the system serif downloads nothing."
      />
      <LogoFieldset field={field} values={values} errors={errors} setField={setField} logo={logo} />
    </div>
  );
}

/** The logo: an uploaded file (used first) or an address, and a preview of the one in use. */
function LogoFieldset({
  field,
  values,
  errors,
  setField,
  logo,
}: Pick<BrandingPanelProps, 'field' | 'values' | 'errors' | 'setField' | 'logo'>) {
  const { uploading, uploadError, uploadLogo } = logo;
  const logoPreview = [values.logoFile, values.logoUrl]
    .map((value, index) => ({ value: value.trim(), ok: !errors[index === 0 ? 'logoFile' : 'logoUrl'] }))
    .find((candidate) => candidate.value !== '' && candidate.ok)?.value;
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-ink/10 p-5">
      <legend className="px-1 font-semibold text-ink">Logo</legend>
      <p className="text-sm text-muted">Upload a logo file or give the address of one. An uploaded file is used first.</p>
      <div>
        <label htmlFor={fieldId('logoFile')} className={labelClass}>
          Upload a logo (JPG, PNG or SVG, at most 2 MB)
        </label>
        <input
          id={fieldId('logoFile')}
          type="file"
          accept={ADVERTISED_LOGO_TYPES.join(',')}
          disabled={uploading}
          aria-invalid={uploadError || errors.logoFile ? true : undefined}
          aria-describedby={describedBy(uploadError && 'brand-logo-upload-error', errors.logoFile && 'brand-logo-file-error')}
          onChange={uploadLogo}
          className={FILE_INPUT}
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
  );
}

export function ContentPanel({ field }: { field: FieldBinder }) {
  return (
    <div className="grid gap-6">
      <TextField {...field('hostName')} label="Host name" type="text" placeholder="e.g. Luna Rivers" autoComplete="name" maxLength={120} />
      <TextField {...field('hostTitle')} label="Host title" type="text" placeholder="e.g. Founder and podcast host" maxLength={160} />
      <TextAreaField
        {...field('hostBio')}
        label="Host bio"
        placeholder="A few sentences about the host, their story and why they bring these conversations together."
      />
    </div>
  );
}

export function LinksPanel({ field }: { field: FieldBinder }) {
  return (
    <div className="grid gap-8">
      <fieldset className="grid gap-6">
        <legend className="font-semibold text-ink">Redirect URLs</legend>
        <TextField {...field('redirectUrls.salesPage')} label="Sales page URL" type="url" placeholder="https://example.com/all-access" />
        <TextField {...field('redirectUrls.thankYou')} label="Thank-you page URL" type="url" placeholder="https://example.com/thank-you" />
        <TextField {...field('redirectUrls.course')} label="Course URL" type="url" placeholder="https://example.com/course" />
      </fieldset>
      <SocialAndLegal field={field} />
    </div>
  );
}

/** The public configurator's Settings tab: the timer of a downloadable copy, and the e-mail addresses. */
export function SettingsPanel({ field }: { field: FieldBinder }) {
  return (
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
          <TextFields
            field={field}
            fields={[
              {
                path: 'timerSettings.daysAvailable',
                label: 'Days available',
                type: 'number',
                placeholder: String(BRAND_DEFAULTS.daysAvailable),
                min: 1,
                max: 365,
              },
              {
                path: 'timerSettings.hoursPerDay',
                label: 'Hours per day',
                type: 'number',
                placeholder: String(BRAND_DEFAULTS.hoursPerDay),
                min: 1,
                max: 24,
              },
            ]}
          />
        </div>
      </fieldset>
      <EmailFields field={field} />
    </div>
  );
}

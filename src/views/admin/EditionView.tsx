/**
 * /admin/editions/{slug}: the edition's data (identity, dates, the settings document, each timed
 * page's timer and each day's episode) in one form saved at once, links to its pages and
 * content, the speakers CSV tools and deletion.
 */
import type { ReactNode } from 'react';
import { Field } from '../../components/form/Field.tsx';
import { CARD, DANGER_BUTTON, INPUT, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/form/styles.ts';
import {
  DAY_FIELDS,
  DAY_NUMBERS,
  editionFieldNames,
  type DayField,
  type EditionFormErrors,
  type EditionFormValues,
} from '../../domain/edition-form.ts';
import { Notice, ProblemList } from './editions/notices.tsx';

const TIMED_PAGES = [
  { page: 'day1', label: 'Day 1' },
  { page: 'day2', label: 'Day 2' },
  { page: 'day3', label: 'Day 3' },
  { page: 'dashboard', label: 'Dashboard' },
] as const;

/** How each of a day's fields (src/domain/edition-form.ts) is shown. */
const DAY_FIELD_INPUTS: Record<DayField, { label: string; type: 'text' | 'textarea'; required?: boolean; help?: string }> = {
  title: { label: 'Title', type: 'text', required: true },
  subtitle: { label: 'Subtitle', type: 'text' },
  episodeTitle: { label: 'Episode title', type: 'text', required: true },
  episodeDuration: { label: 'Episode duration', type: 'text', help: 'h:mm:ss or m:ss; empty shows 45:30.' },
  episodeDescription: { label: 'Episode description', type: 'textarea' },
  episodeEmbed: {
    label: 'Episode embed',
    type: 'textarea',
    help: 'An embed id or the audio host’s iframe snippet; empty shows the visual-only player.',
  },
};

export interface EditionViewProps {
  slug: string;
  name: string;
  values: EditionFormValues;
  errors: EditionFormErrors;
  notice?: string | undefined;
  registrants: number;
  speakers: number;
  /** Which widget routes the stored settings enable. */
  embeds: { speakers: boolean; implementation: boolean; bonusBundle: boolean };
  csv: { message?: string | undefined; problems?: string[] | undefined; mode: 'replace' | 'add' };
  deletion: { message?: string | undefined; confirmation: string };
}

interface EditionFieldProps {
  name: string;
  label: string;
  values: EditionFormValues;
  errors: EditionFormErrors;
  type?: 'text' | 'date' | 'number' | 'textarea' | 'json';
  required?: boolean | undefined;
  help?: string | undefined;
  rows?: number;
}

function EditionField({ name, label, values, errors, type = 'text', required, help, rows }: EditionFieldProps) {
  return (
    <Field name={name} label={label} required={required} help={help} messages={errors[name]}>
      {(control) =>
        type === 'textarea' || type === 'json' ? (
          <textarea
            {...control}
            defaultValue={values[name] ?? ''}
            rows={rows ?? (type === 'json' ? 10 : 3)}
            spellCheck={type === 'json' ? false : undefined}
            className={`${INPUT} ${type === 'json' ? 'font-mono text-sm' : ''}`}
          />
        ) : (
          <input
            {...control}
            defaultValue={values[name] ?? ''}
            type={type}
            min={type === 'number' ? 0 : undefined}
            step={type === 'number' ? 1 : undefined}
            className={INPUT}
          />
        )
      }
    </Field>
  );
}

function Fieldset({ legend, children, description }: { legend: string; children: ReactNode; description?: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-ink/10">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {children}
    </fieldset>
  );
}

function LinkList({ links }: { links: { href: string; label: string; external?: boolean }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {links.map((link) => (
        <li key={link.href}>
          <a className={LINK} href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Who may open the day pages and the dashboard (src/domain/access/access-rule.ts). */
function AccessModeField({ values, errors }: Pick<EditionViewProps, 'values' | 'errors'>) {
  return (
    <div className="md:col-span-2">
      <Field name="accessMode" label="Access mode" messages={errors.accessMode}>
        {(control) => (
          <select {...control} defaultValue={values.accessMode ?? 'open'} className={INPUT}>
            <option value="open">Open: anyone with the page address gets a window in their browser (dashboards assume All Access)</option>
            <option value="registrants">Registrants: day pages and the dashboard need a personal link; passes are enforced</option>
          </select>
        )}
      </Field>
    </div>
  );
}

/** Links to the edition's pages on the site, its content screens and its exports. */
function EditionLinks({ slug, registrants, speakers, embeds }: Pick<EditionViewProps, 'slug' | 'registrants' | 'speakers' | 'embeds'>) {
  const publicLinks = [
    { href: `/${slug}/day-1`, label: 'Day 1', external: true },
    { href: `/${slug}/day-2`, label: 'Day 2', external: true },
    { href: `/${slug}/day-3`, label: 'Day 3', external: true },
    { href: `/${slug}/dashboard`, label: 'Dashboard', external: true },
    ...(embeds.speakers ? [{ href: `/${slug}/speakers-embed`, label: 'Speakers widget', external: true }] : []),
    ...(embeds.implementation ? [{ href: `/${slug}/implementation-embed`, label: 'Implementation widget', external: true }] : []),
    ...(embeds.bonusBundle ? [{ href: `/${slug}/bonus-bundle-embed`, label: 'Bonus bundle widget', external: true }] : []),
  ];
  const contentLinks = [
    { href: `/admin/editions/${slug}/episodes`, label: 'Episodes (audio)' },
    { href: `/admin/content/speakers?edition=${slug}`, label: `Speakers (${speakers})` },
    { href: `/admin/content/hosts?edition=${slug}`, label: 'Hosts' },
    { href: `/admin/content/sessions?edition=${slug}`, label: 'Implementation sessions' },
    { href: `/admin/content/bonus?edition=${slug}`, label: 'Bonus bundle' },
    { href: `/admin/registrants?edition=${slug}`, label: `Registrants (${registrants})` },
    { href: `/admin/editions/${slug}/messages`, label: 'E-mails and outbox' },
  ];

  return (
    <section aria-labelledby="links-heading" className={CARD}>
      <h2 id="links-heading" className="sr-only">
        Pages and content
      </h2>
      <p className="text-sm font-semibold">On the site</p>
      <LinkList links={publicLinks} />
      <p className="mt-4 text-sm font-semibold">Content</p>
      <LinkList links={contentLinks} />
      <p className="mt-4 text-sm font-semibold">Export</p>
      <LinkList
        links={[
          { href: `/admin/editions/${slug}/export.json`, label: 'Whole edition (JSON)' },
          { href: `/admin/editions/${slug}/speakers.csv`, label: 'Speakers (CSV)' },
        ]}
      />
    </section>
  );
}

/** The edition's data: identity and dates, the settings document, timers and days, saved at once. */
function EditionDataForm({ slug, values, errors }: Pick<EditionViewProps, 'slug' | 'values' | 'errors'>) {
  const fieldCount = Object.keys(errors).filter((key) => key !== '').length;
  return (
    <form method="post" noValidate className={`${CARD} space-y-6`} aria-labelledby="edition-form-heading">
      <h2 id="edition-form-heading" className="text-xl font-semibold">
        Edition data
      </h2>
      <input type="hidden" name="action" value="save" />
      {fieldCount || errors['']?.length ? (
        <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors['']?.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {fieldCount ? (
            <p>Nothing was saved. Please correct {fieldCount === 1 ? 'the field' : `the ${fieldCount} fields`} marked below.</p>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <p className="text-sm md:col-span-2">
          Slug: <span className="font-mono">{slug}</span>{' '}
          <span className="text-muted">(the edition’s pages live under /{slug}/; duplicate the edition to use another slug)</span>
        </p>
        <EditionField name="name" label="Name" values={values} errors={errors} required />
        <EditionField
          name="position"
          label="Position in lists"
          type="number"
          values={values}
          errors={errors}
          required
          help="Editions are listed by position, lowest first."
        />
        <EditionField name="summitStartDate" label="Summit starts" type="date" values={values} errors={errors} required />
        <EditionField name="summitEndDate" label="Summit ends" type="date" values={values} errors={errors} required />
        <EditionField
          name="timezone"
          label="Time zone"
          values={values}
          errors={errors}
          required
          help="An IANA time zone, e.g. Australia/Sydney."
        />
        <AccessModeField values={values} errors={errors} />
      </div>

      <Fieldset
        legend="Settings"
        description="Every other per-edition constant (features, widgets, links, prices, dashboard blocks), as one JSON document."
      >
        <EditionField name="settings" label="Settings (JSON)" type="json" rows={24} values={values} errors={errors} required />
      </Fieldset>

      <Fieldset
        legend="Timers"
        description={
          <>
            Each timed page’s access window as JSON: <code>{'{"mode":"evergreen","durationSeconds":86400,"redirectUrl":"day-2"}'}</code> or{' '}
            <code>
              {
                '{"mode":"live","eventStartDate":"2025-09-23T00:00","eventEndDate":"2025-09-24T00:00","timezone":"Australia/Sydney","redirectUrl":"day-2"}'
              }
            </code>
            . A relative redirectUrl is read against the page’s own address.
          </>
        }
      >
        <div className="grid gap-4 md:grid-cols-2">
          {TIMED_PAGES.map(({ page, label }) => (
            <EditionField
              key={page}
              name={`timers.${page}`}
              label={`${label} timer (JSON)`}
              type="json"
              rows={7}
              values={values}
              errors={errors}
              required
            />
          ))}
        </div>
      </Fieldset>

      {DAY_NUMBERS.map((day) => (
        <Fieldset key={day} legend={`Day ${day} episode`}>
          <div className="grid gap-4 md:grid-cols-2">
            {DAY_FIELDS.map((field) => (
              <div key={field} className={DAY_FIELD_INPUTS[field].type === 'textarea' ? 'md:col-span-2' : undefined}>
                <EditionField name={editionFieldNames.day(day, field)} values={values} errors={errors} {...DAY_FIELD_INPUTS[field]} />
              </div>
            ))}
          </div>
        </Fieldset>
      ))}

      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          Save the edition
        </button>
        <a href="/admin/editions" className={SECONDARY_BUTTON}>
          Back to the editions
        </a>
      </div>
    </form>
  );
}

/** The speakers CSV import: replace the speakers or add to them; nothing is imported if a row is wrong. */
function SpeakersCsvImport({ slug, csv }: Pick<EditionViewProps, 'slug' | 'csv'>) {
  return (
    <section aria-labelledby="csv-heading" className={`${CARD} space-y-4`}>
      <h2 id="csv-heading" className="text-xl font-semibold">
        Import speakers (CSV)
      </h2>
      <p className="text-sm text-muted">
        One speaker per row, with the columns of the{' '}
        <a className={LINK} href={`/admin/editions/${slug}/speakers.csv`}>
          speakers export
        </a>
        . implementationWeek takes true/false, yes/no or 1/0 (empty is false); day is 1, 2 or 3; leave the four freebie columns empty for no
        free gift. At most 2,000 rows and 2 MB. If any row is wrong, nothing is imported.
      </p>
      <Notice message={csv.message} />
      <ProblemList
        id="csv-problems"
        title="Nothing was imported. Correct these rows in the file and import it again:"
        problems={csv.problems}
      />
      <form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="action" value="import-speakers" />
        {/* Its problems are listed above the form (csv-problems), so they describe it from there. */}
        <Field name="file" id="field-speakers-file" label="Speakers file (.csv)" required markRequired={false} adminField={false}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={csv.problems?.length ? 'csv-problems' : undefined}
              className="mt-1 block text-sm"
            />
          )}
        </Field>
        <fieldset>
          <legend className="font-medium">The file’s speakers</legend>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="mode" value="replace" defaultChecked={csv.mode === 'replace'} className="size-4" />
            Replace all speakers
          </label>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="mode" value="add" defaultChecked={csv.mode === 'add'} className="size-4" />
            Add to the speakers
          </label>
        </fieldset>
        <button type="submit" className={PRIMARY_BUTTON}>
          Import speakers
        </button>
      </form>
    </section>
  );
}

/** Deleting the edition, confirmed by typing its slug; refused while it has registrants. */
function DeleteEdition({ slug, name, registrants, deletion }: Pick<EditionViewProps, 'slug' | 'name' | 'registrants' | 'deletion'>) {
  return (
    <section aria-labelledby="delete-heading" className={`${CARD} space-y-4 ring-red-200`}>
      <h2 id="delete-heading" className="text-xl font-semibold">
        Delete this edition
      </h2>
      <p className="text-sm text-muted">
        Deletes {name} with its timers, days, speakers, hosts, sessions and bonus bundle, and its visitors’ access records. An edition with
        registrants cannot be deleted
        {registrants > 0 ? ` (${name} has ${registrants})` : ''}.
      </p>
      {deletion.message ? (
        <p role="alert" id="delete-problem" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {deletion.message}
        </p>
      ) : null}
      <form method="post" className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="action" value="delete" />
        <Field
          name="confirm"
          id="field-delete-confirm"
          label={
            <>
              Type <span className="font-mono">{slug}</span> to confirm
            </>
          }
          adminField={false}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              defaultValue={deletion.confirmation}
              aria-describedby={deletion.message ? 'delete-problem' : undefined}
              className={INPUT}
            />
          )}
        </Field>
        <button type="submit" className={DANGER_BUTTON}>
          Delete the edition
        </button>
      </form>
    </section>
  );
}

export function EditionView({ slug, name, values, errors, notice, registrants, speakers, embeds, csv, deletion }: EditionViewProps) {
  return (
    <div className="max-w-4xl space-y-8">
      <Notice message={notice} />
      <EditionLinks slug={slug} registrants={registrants} speakers={speakers} embeds={embeds} />
      <EditionDataForm slug={slug} values={values} errors={errors} />
      <SpeakersCsvImport slug={slug} csv={csv} />
      <DeleteEdition slug={slug} name={name} registrants={registrants} deletion={deletion} />
    </div>
  );
}

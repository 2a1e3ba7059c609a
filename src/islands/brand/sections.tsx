/** The brand configurator's sections below the form: the AI prompts, and saving or applying the configuration. */
import type { ChangeEvent } from 'react';
import { BRAND_PRIMARY_BUTTON, BRAND_SECONDARY_BUTTON, FILE_INPUT } from '../../components/form/styles.ts';
import type { brandPrompts } from '../../domain/brand-prompts.ts';
import { describedBy, labelClass } from './fields.tsx';
import { IMPORT_INPUT_ID } from './form-model.ts';

export function PromptsSection({ prompts, copy }: { prompts: ReturnType<typeof brandPrompts>; copy: (text: string) => Promise<void> }) {
  return (
    <section aria-labelledby="brand-prompts-heading">
      <h2 id="brand-prompts-heading" className="font-serif text-2xl font-bold text-ink">
        AI prompts
      </h2>
      <p className="mt-1 text-muted">Paste these into your AI assistant to apply your brand to the site&apos;s code.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {prompts.map((prompt) => (
          <article
            key={prompt.id}
            data-prompt={prompt.id}
            aria-labelledby={`prompt-${prompt.id}-title`}
            className="flex min-w-0 flex-col rounded-3xl bg-white p-6 shadow-lg shadow-brand-primary/10"
          >
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
              className={`${BRAND_PRIMARY_BUTTON} mt-4 self-start`}
            >
              Copy Prompt
            </button>
          </article>
        ))}
      </div>
    </section>
  );
}

export interface ActionsSectionProps {
  download: () => void;
  /** Absent on the public /brand-config, where nothing can be applied. */
  applyUrl: string | undefined;
  apply: () => Promise<void>;
  applying: boolean;
  importConfiguration: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  importProblems: string[] | null;
}

export function ActionsSection({ download, applyUrl, apply, applying, importConfiguration, importProblems }: ActionsSectionProps) {
  return (
    <section aria-labelledby="brand-actions-heading" className="rounded-3xl bg-white p-6 shadow-lg shadow-brand-primary/10 sm:p-8">
      <h2 id="brand-actions-heading" className="font-serif text-2xl font-bold text-ink">
        Save and continue
      </h2>
      <div className="mt-6 flex flex-wrap items-start gap-4">
        <button type="button" onClick={download} className={BRAND_PRIMARY_BUTTON}>
          Download Configuration
        </button>
        {applyUrl ? (
          <button
            type="button"
            onClick={() => void apply()}
            disabled={applying}
            aria-busy={applying || undefined}
            className={BRAND_PRIMARY_BUTTON}
          >
            Apply to this site
          </button>
        ) : (
          // The setup guide walks a copy of the site's code: the public configurator's way back, not the admin's.
          <a href="/setup-guide" className={BRAND_SECONDARY_BUTTON}>
            Back to Setup Guide
          </a>
        )}
      </div>
      <div className="mt-8">
        <label htmlFor={IMPORT_INPUT_ID} className={labelClass}>
          Import Configuration
        </label>
        <p id="brand-import-hint" className="mt-1 text-sm text-muted">
          A brand-configuration.json file downloaded from this page.
        </p>
        <input
          id={IMPORT_INPUT_ID}
          type="file"
          accept="application/json"
          aria-describedby={describedBy('brand-import-hint', importProblems && 'brand-import-problems')}
          onChange={(event) => void importConfiguration(event)}
          className={FILE_INPUT}
        />
        {importProblems ? (
          <div
            id="brand-import-problems"
            role="alert"
            data-import-problems=""
            className="mt-4 rounded-2xl bg-red-50 p-4 text-sm text-red-800"
          >
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
  );
}

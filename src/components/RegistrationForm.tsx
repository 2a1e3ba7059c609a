/**
 * The registration form. It is a plain HTML form that works without JavaScript; the script
 * src/scripts/registration-form.ts submits it in place when JavaScript runs, filling the same
 * error slots (data-error-for) that the server fills on a plain post.
 */
import type { InputHTMLAttributes } from 'react';
import { type RegistrationErrors, type RegistrationValues } from '../domain/registration.ts';
import { Field, FieldMessages } from './form/Field.tsx';
import { NO_UTM, UTM_FIELDS, type Utm } from '../domain/attribution/utm.ts';
import { MAX_EMAIL_ADDRESS_LENGTH } from '../domain/email-address.ts';
import { REGISTRATION_NOTICE } from '../domain/registrant-data/consent.ts';

interface RegistrationFormProps {
  summit: string;
  /** A page to return to after registering (a registrants-only edition sent the visitor here). */
  next?: string | null;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string;
  /** The campaign fields (decision 0038): the form posts to a URL that carries them, as the page's did. */
  campaign?: Utm | undefined;
  /** The words beside the marketing box (the edition's, stored with a consent). */
  consentWording: string;
}

/** /register with the page to return to and the campaign fields in its query. */
function formAction(next: string | null | undefined, campaign: Utm): string {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  for (const field of UTM_FIELDS) {
    const value = campaign[field];
    if (value !== null) query.set(field, value);
  }
  const text = query.toString();
  return text ? `/register?${text}` : '/register';
}

const inputClass =
  'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-brand-primary focus:outline-2 focus:outline-brand-primary aria-[invalid=true]:border-red-700';

/** A message as the shared Field takes it: none, or one. */
const messages = (error: string | undefined) => (error ? [error] : undefined);

/**
 * A text field of this short form: its DOM id is its name; no "*", as both are required; the
 * messages' places stay for the in-place submit.
 */
function RegistrationInput({
  name,
  label,
  input,
  values,
  errors,
}: {
  name: 'firstName' | 'email';
  label: string;
  /** The input's own attributes (type, autoComplete, maxLength). */
  input: InputHTMLAttributes<HTMLInputElement>;
  values: RegistrationValues;
  errors: RegistrationErrors;
}) {
  return (
    <Field
      id={name}
      name={name}
      label={label}
      required
      markRequired={false}
      messages={messages(errors[name])}
      adminField={false}
      messageSlot
    >
      {(control) => <input {...control} {...input} defaultValue={values[name]} className={inputClass} />}
    </Field>
  );
}

export function RegistrationForm({ summit, next, values, errors, formError, campaign = NO_UTM, consentWording }: RegistrationFormProps) {
  return (
    <form method="post" action={formAction(next, campaign)} noValidate data-registration-form className="space-y-5">
      <input type="hidden" name="summit" value={summit} />
      {/* Filled by the enhancement script with the browser's time zone: e-mails give deadlines in it. */}
      <input type="hidden" name="timeZone" value="" data-time-zone />
      <p role="alert" data-form-error className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800" hidden={!formError}>
        {formError}
      </p>
      {/* No "*": both text fields are required, and the box says it is optional. The messages' places stay for the in-place submit. */}
      <RegistrationInput
        name="firstName"
        label="First name"
        input={{ type: 'text', autoComplete: 'given-name', maxLength: 100 }}
        values={values}
        errors={errors}
      />
      <RegistrationInput
        name="email"
        label="E-mail"
        input={{ type: 'email', autoComplete: 'email', maxLength: MAX_EMAIL_ADDRESS_LENGTH }}
        values={values}
        errors={errors}
      />
      <div>
        {/* Optional: name and e-mail register; the box only adds the marketing e-mails. */}
        <div className="flex items-start gap-3">
          <input
            id="consent"
            name="consent"
            type="checkbox"
            defaultChecked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby="consent-note consent-error"
            className="size-6 shrink-0 accent-brand-primary"
          />
          <label htmlFor="consent" className="text-sm text-muted">
            {consentWording} <span className="text-xs">(optional)</span>
          </label>
        </div>
        <p id="consent-note" className="mt-2 text-xs text-muted">
          {REGISTRATION_NOTICE}
        </p>
        <FieldMessages fieldId="consent" messages={messages(errors.consent)} slotFor="consent" />
      </div>
      <button
        type="submit"
        className="w-full rounded-full bg-brand-primary-strong px-6 py-4 text-lg font-semibold text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
      >
        Save My Free Spot
      </button>
      <p className="text-center text-xs text-muted">
        What we keep and for how long:{' '}
        <a href="/privacy" className="text-brand-primary-strong underline underline-offset-4">
          privacy at this site
        </a>
      </p>
    </form>
  );
}

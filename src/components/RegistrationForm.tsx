/**
 * The registration form. It is a plain HTML form that works without JavaScript; the script
 * src/scripts/registration-form.ts submits it in place when JavaScript runs, filling the same
 * error slots (data-error-for) that the server fills on a plain post.
 */
import type { RegistrationErrors, RegistrationValues } from '../domain/registration.ts';

interface RegistrationFormProps {
  summit: string;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string;
}

const inputClass =
  'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-brand-primary focus:outline-2 focus:outline-brand-primary aria-[invalid=true]:border-red-700';

function FieldError({ field, message }: { field: string; message: string | undefined }) {
  return (
    <p id={`${field}-error`} data-error-for={field} className="mt-1 text-sm font-medium text-red-700" hidden={!message}>
      {message}
    </p>
  );
}

export function RegistrationForm({ summit, values, errors, formError }: RegistrationFormProps) {
  return (
    <form method="post" action="/register" noValidate data-registration-form className="space-y-5">
      <input type="hidden" name="summit" value={summit} />
      <p role="alert" data-form-error className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800" hidden={!formError}>
        {formError}
      </p>
      <div>
        <label htmlFor="firstName" className="block font-medium">
          First name
        </label>
        <input
          id="firstName"
          name="firstName"
          type="text"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={values.firstName}
          aria-invalid={errors.firstName ? true : undefined}
          aria-describedby="firstName-error"
          className={inputClass}
        />
        <FieldError field="firstName" message={errors.firstName} />
      </div>
      <div>
        <label htmlFor="email" className="block font-medium">
          E-mail
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby="email-error"
          className={inputClass}
        />
        <FieldError field="email" message={errors.email} />
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="consent"
            name="consent"
            type="checkbox"
            required
            defaultChecked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby="consent-error"
            className="mt-1 size-5 accent-brand-primary"
          />
          <label htmlFor="consent" className="text-sm text-muted">
            Yes, send me the summit e-mails: my private podcast feed, the daily episodes and the digital magazine. I can
            unsubscribe at any time.
          </label>
        </div>
        <FieldError field="consent" message={errors.consent} />
      </div>
      <button
        type="submit"
        className="w-full rounded-full bg-brand-primary-strong px-6 py-4 text-lg font-semibold text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
      >
        Save My Free Spot
      </button>
    </form>
  );
}

/** The registration page that the hero and sticky bar buttons lead to. */
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import type { RegistrationErrors, RegistrationValues } from '../domain/registration.ts';

interface RegisterPageProps {
  summit: string;
  summitDates: string;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string;
}

export function RegisterPage({ summit, summitDates, values, errors, formError }: RegisterPageProps) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-primary/10 via-surface to-brand-secondary/10 px-6 py-12">
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 shadow-xl">
        <a href="/" className="text-sm text-brand-primary-strong underline underline-offset-4">
          ← Back to the summit
        </a>
        <h1 className="mt-4 font-serif text-3xl font-bold">Save Your Free Spot</h1>
        <p className="mt-2 text-muted">
          {summitDates} · free · audio-only. Your private podcast feed arrives by e-mail.
        </p>
        <div className="mt-8">
          <RegistrationForm summit={summit} values={values} errors={errors} formError={formError} />
        </div>
      </div>
    </main>
  );
}

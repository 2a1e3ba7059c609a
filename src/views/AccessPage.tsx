/**
 * "Find my access": an e-mail address in, the personal link sent again. Also what a personal link
 * that opens nothing (tampered with, re-issued, revoked, unknown) shows. A plain form: no script.
 */
import { Field } from '../components/form/Field.tsx';
import { MAX_EMAIL_ADDRESS_LENGTH } from '../domain/email-address.ts';

export interface AccessPageProps {
  /** Shown above the form, e.g. why a link did not work. */
  notice?: string | null;
  /** The answer to a submitted form. */
  message?: { ok: boolean; text: string } | null;
  email?: string;
}

export function AccessPage({ notice, message, email = '' }: AccessPageProps) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-primary/10 via-surface to-brand-secondary/10 px-6 py-12">
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 shadow-xl">
        <h1 className="font-serif text-3xl font-bold">Find my access</h1>
        {notice ? (
          <p data-access-notice className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
            {notice}
          </p>
        ) : null}
        <p className="mt-4 text-muted">
          Enter the e-mail address you registered with and we will send your personal access link again. Open it on any device to pick up
          where you left off.
        </p>
        <form method="post" action="/access" className="mt-6 space-y-4" data-access-form>
          <Field id="access-email" name="email" label="E-mail address" required markRequired={false} adminField={false}>
            {(control) => (
              <input
                {...control}
                type="email"
                maxLength={MAX_EMAIL_ADDRESS_LENGTH}
                autoComplete="email"
                defaultValue={email}
                className="mt-1 w-full rounded-xl border border-brand-primary/30 px-4 py-3"
              />
            )}
          </Field>
          <p
            role="status"
            data-access-message
            className={message?.ok === false ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-ink'}
          >
            {message?.text ?? ''}
          </p>
          <button type="submit" className="w-full rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white">
            Send my access link
          </button>
        </form>
        <p className="mt-6 text-sm text-muted">
          Not registered yet?{' '}
          <a href="/register" className="text-brand-primary-strong underline underline-offset-4">
            Save your free spot
          </a>
        </p>
      </div>
    </main>
  );
}

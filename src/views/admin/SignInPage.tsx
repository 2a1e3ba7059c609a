/** The admin sign-in: e-mail or phone, and a password (docs/PRODUCT.md "Admin"). */
import { Field } from '../../components/form/Field.tsx';

const SIGN_IN_INPUT = 'mt-1 block w-full rounded-xl border border-ink/20 px-4 py-3';

interface SignInPageProps {
  identifier: string;
  next: string;
  message?: string | undefined;
}

export function SignInPage({ identifier, next, message }: SignInPageProps) {
  return (
    <main className="grid min-h-screen place-items-center bg-surface px-6">
      <form method="post" action="/admin" className="w-full max-w-sm space-y-5 rounded-3xl bg-white p-8 shadow-xl">
        <h1 className="font-serif text-2xl font-bold">Sign in to the admin</h1>
        <input type="hidden" name="next" value={next} />
        {message ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {message}
          </p>
        ) : null}
        <Field id="identifier" name="identifier" label="E-mail or phone number" adminField={false}>
          {(control) => <input {...control} type="text" autoComplete="username" defaultValue={identifier} className={SIGN_IN_INPUT} />}
        </Field>
        <Field id="password" name="password" label="Password" adminField={false}>
          {(control) => <input {...control} type="password" autoComplete="current-password" className={SIGN_IN_INPUT} />}
        </Field>
        <button type="submit" className="w-full rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white">
          Sign in
        </button>
      </form>
    </main>
  );
}

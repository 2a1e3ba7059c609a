/** The admin sign-in: e-mail or phone, and a password (SPEC.md section 5). */
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
        <div>
          <label htmlFor="identifier" className="block font-medium">
            E-mail or phone number
          </label>
          <input
            id="identifier"
            name="identifier"
            type="text"
            autoComplete="username"
            defaultValue={identifier}
            className="mt-1 block w-full rounded-xl border border-ink/20 px-4 py-3"
          />
        </div>
        <div>
          <label htmlFor="password" className="block font-medium">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="mt-1 block w-full rounded-xl border border-ink/20 px-4 py-3"
          />
        </div>
        <button type="submit" className="w-full rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white">
          Sign in
        </button>
      </form>
    </main>
  );
}

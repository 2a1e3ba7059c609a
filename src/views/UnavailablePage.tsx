/**
 * The page a visitor sees while the database cannot be reached and the page needs it (503, with
 * Retry-After; decision 0024): a short, polite note, no error details. The landing page works
 * during an outage (bundled content), so the link home leads somewhere useful.
 */
import { TEMPORARILY_UNAVAILABLE } from '../domain/shared-message-texts.ts';

export function UnavailablePage() {
  return (
    <main className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold">Temporarily unavailable</h1>
        <p className="mt-4 text-muted">{TEMPORARILY_UNAVAILABLE}</p>
        <a href="/" className="mt-8 inline-block text-brand-primary-strong underline underline-offset-4">
          Return to Home
        </a>
      </div>
    </main>
  );
}

/** The registration page that the hero and sticky bar buttons lead to. */
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import type { RegistrationErrors, RegistrationValues } from '../domain/registration.ts';
import { REGISTRATION_CLOSED_MESSAGE, type ClosedRegistrationOffer } from '../domain/registration-window.ts';
import { BUTTON_CLASS, ExternalLinkButton } from '../components/ExternalLinkButton.tsx';
import type { Utm } from '../domain/attribution/utm.ts';

interface RegisterPageProps {
  summit: string;
  summitDates: string;
  next?: string | null;
  values: RegistrationValues;
  errors: RegistrationErrors;
  formError?: string;
  /** Set when the edition no longer takes registrations: the notice and its offer replace the form. */
  closed?: ClosedRegistrationOffer | null;
  /** The campaign fields the form posts on with (decision 0038). */
  campaign?: Utm;
  /** The words beside the marketing box, in the edition's terms. */
  consentWording: string;
}

function RegistrationClosed({ offer }: { offer: ClosedRegistrationOffer }) {
  return (
    <div data-registration-closed="" role="status" className="space-y-4">
      <p className="font-semibold text-ink">{REGISTRATION_CLOSED_MESSAGE}</p>
      {offer.nextEdition ? (
        <p>
          <a href={`/register?summit=${encodeURIComponent(offer.nextEdition.slug)}`} className={BUTTON_CLASS}>
            Register for {offer.nextEdition.name}
          </a>
        </p>
      ) : null}
      {offer.replayUrl ? (
        <p>
          <ExternalLinkButton href={offer.replayUrl}>Get the replay</ExternalLinkButton>
        </p>
      ) : null}
      {!offer.nextEdition && !offer.replayUrl ? <p className="text-muted">Watch this site for the next summit.</p> : null}
    </div>
  );
}

export function RegisterPage({
  summit,
  summitDates,
  next,
  values,
  errors,
  formError,
  closed,
  campaign,
  consentWording,
}: RegisterPageProps) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-primary/10 via-surface to-brand-secondary/10 px-6 py-12">
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 shadow-xl">
        <a href="/" className="text-sm text-brand-primary-strong underline underline-offset-4">
          ← Back to the summit
        </a>
        <h1 className="mt-4 font-serif text-3xl font-bold">Save Your Free Spot</h1>
        <p className="mt-2 text-muted">{summitDates} · free · audio-only. Your private podcast feed arrives by e-mail.</p>
        {next ? (
          <p data-registrants-only className="mt-4 rounded-xl bg-brand-primary/10 px-4 py-3 text-sm text-ink">
            That page is for registrants. Register below (it is free) and you go straight back to it.
          </p>
        ) : null}
        <p className="mt-4 text-sm text-muted">
          Already registered?{' '}
          <a href="/access" className="text-brand-primary-strong underline underline-offset-4">
            Find my access
          </a>
        </p>
        <div className="mt-8">
          {closed ? (
            <RegistrationClosed offer={closed} />
          ) : (
            <RegistrationForm
              summit={summit}
              values={values}
              errors={errors}
              formError={formError}
              campaign={campaign}
              consentWording={consentWording}
            />
          )}
        </div>
      </div>
    </main>
  );
}

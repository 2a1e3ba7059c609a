/** "Your data" (src/domain/registrant-data/your-data-view.ts names its states; docs/decisions/0084). */
import type { RegistrantData, RegistrationData } from '../domain/registrant-data/registrant-data.ts';
import { consentSentence } from '../domain/registrant-data/consent.ts';
import type { YourDataView } from '../domain/registrant-data/your-data-view.ts';

const BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white';
const DANGER = 'rounded-full bg-red-800 px-6 py-3 font-semibold text-white';

/** A stored time as the reader sees it: the day and minute in UTC, never a locale guessed on the server. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const money = (amount: number | null, currency: string | null) =>
  amount === null ? 'no payment' : `${(amount / 100).toFixed(2)} ${(currency ?? '').toUpperCase()}`.trim();

function Registration({ registration }: { registration: RegistrationData }) {
  const { marketingConsent: consent, cameFrom } = registration;
  return (
    <section className="mt-8 rounded-2xl border border-ink/15 p-5" data-registration={registration.edition.slug}>
      <h2 className="text-xl font-semibold">{registration.edition.name}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>
          Registered on {when(registration.registeredAt)} as {registration.firstName} ({registration.email}), pass: {registration.pass}.
        </li>
        <li>
          {consent
            ? `Agreed to reminders and offers on ${when(consent.givenAt)}${consent.wording ? `, to these words: “${consent.wording}”` : ''}.`
            : 'No consent to reminders and offers: only the e-mails about your registration.'}
        </li>
        {registration.consents.map((record, index) => (
          <li key={`consent-${index}`}>{consentSentence(record, when)}</li>
        ))}
        {registration.unsubscribedAt ? <li>Unsubscribed on {when(registration.unsubscribedAt)}.</li> : null}
        {registration.timeZone ? <li>Your time zone: {registration.timeZone}.</li> : null}
        <li>
          {cameFrom
            ? `You came through ${cameFrom.shareLink ? `${cameFrom.shareLink}'s share link` : 'no share link'}${
                cameFrom.utmCampaign ? `, campaign “${cameFrom.utmCampaign}”` : ''
              }.`
            : 'No share link or campaign is recorded for this registration.'}
        </li>
      </ul>
      <h3 className="mt-4 font-semibold">Passes and payments</h3>
      {registration.passes.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {registration.passes.map((pass, index) => (
            <li key={index}>
              {pass.pass} ({pass.source === 'admin' ? 'given by the host' : 'bought'}, {money(pass.amount, pass.currency)}) on{' '}
              {when(pass.boughtAt)}: {pass.status}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">None.</p>
      )}
      <h3 className="mt-4 font-semibold">Listening</h3>
      {registration.listening.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {registration.listening.map((listen, index) => (
            <li key={index}>
              {listen.episode} ({listen.route}) on {when(listen.at)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">None recorded.</p>
      )}
    </section>
  );
}

function DataShown({ data, erasure }: { data: RegistrantData; erasure: { sent: boolean; problem: string | null } }) {
  return (
    <>
      <h1 className="text-3xl font-semibold">Your data</h1>
      <p className="mt-4">
        Everything this site holds about <strong>{data.email}</strong>, for every summit you registered for.
      </p>
      <p className="mt-6">
        <a className={BUTTON} href="/your-data/download" download>
          Download all of it (JSON)
        </a>
      </p>
      {data.registrations.map((registration) => (
        <Registration key={registration.registrantId} registration={registration} />
      ))}
      <section className="mt-8">
        <h2 className="text-xl font-semibold">E-mails to you</h2>
        {data.emails.length ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {data.emails.map((mail, index) => (
              <li key={index}>
                “{mail.subject}”: {mail.sentAt ? `sent ${when(mail.sentAt)}` : `${mail.status} since ${when(mail.queuedAt)}`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">None.</p>
        )}
      </section>
      <section className="mt-10 rounded-2xl bg-red-50 p-5 text-red-950" aria-labelledby="erase-heading">
        <h2 id="erase-heading" className="text-xl font-semibold">
          Erase me
        </h2>
        {erasure.sent ? (
          <p role="status" className="mt-2">
            We sent a link to <strong>{data.email}</strong>. Open it within a day and confirm; until then nothing is erased.
          </p>
        ) : (
          <>
            <p className="mt-2">
              Erasing removes every registration of this address, with its passes, listening and e-mails, and ends your personal links. We
              send a link to your address first: nothing is erased until you open it and confirm.
            </p>
            {erasure.problem ? (
              <p role="alert" className="mt-3 font-semibold">
                {erasure.problem}
              </p>
            ) : null}
            <form method="post" action="/your-data" className="mt-4">
              <input type="hidden" name="action" value="erase" />
              <button type="submit" className={DANGER}>
                Send me the erasure link
              </button>
            </form>
          </>
        )}
      </section>
    </>
  );
}

export function YourDataPage({ view }: { view: YourDataView }) {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16 text-ink" data-your-data={view.kind}>
      {view.kind === 'signed-out' ? (
        <>
          <h1 className="text-3xl font-semibold">Open your personal link first</h1>
          <p className="mt-4">Use the link from your summit e-mails, or "Find my access", then come back to see your data.</p>
        </>
      ) : view.kind === 'data' ? (
        <DataShown data={view.data} erasure={view.erasure} />
      ) : view.kind === 'confirm-erasure' ? (
        <>
          <h1 className="text-3xl font-semibold">Erase everything about {view.email}?</h1>
          <p className="mt-4">Every registration of this address goes, with its passes, listening and e-mails. This cannot be undone.</p>
          <form method="post" action={view.action} className="mt-8">
            <button type="submit" className={DANGER}>
              Yes, erase me
            </button>
          </form>
        </>
      ) : view.kind === 'erased' ? (
        <>
          <h1 className="text-3xl font-semibold" role="status">
            You are erased
          </h1>
          <p className="mt-4">
            {view.registrations
              ? `We erased ${view.registrations} registration${view.registrations === 1 ? '' : 's'}. Your personal links open nothing any more.`
              : 'Nothing was left to erase.'}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">This link is not valid</h1>
          <p className="mt-4">
            It was used already, or more than a day has passed, so nothing was erased. Ask for a new one from your data page.
          </p>
        </>
      )}
    </main>
  );
}

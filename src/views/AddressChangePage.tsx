/** Correcting a bounced address (src/domain/registrants/address-change-view.ts names its states). */
import { AddressForm } from '../components/dashboard/AddressForm.tsx';
import type { AddressChangeView } from '../domain/registrants/address-change-view.ts';

const BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white';

export function AddressChangePage({ view }: { view: AddressChangeView }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-16 text-ink" data-address-change={view.kind}>
      {view.kind === 'signed-out' ? (
        <>
          <h1 className="text-3xl font-semibold">Open your personal link first</h1>
          <p className="mt-4">Use the link from your summit e-mails, or "Find my access", then come back to change your address.</p>
        </>
      ) : view.kind === 'ask' ? (
        <>
          <h1 className="text-3xl font-semibold">Your e-mail address</h1>
          <p className="mt-4">We will send a link to the new address. Your address changes when you open it and confirm.</p>
          {view.problem ? (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-900">
              {view.problem}
            </p>
          ) : null}
          <AddressForm typed={view.typed} />
        </>
      ) : view.kind === 'sent' ? (
        <>
          <h1 className="text-3xl font-semibold" role="status">
            Check your inbox
          </h1>
          <p className="mt-4">
            We sent a link to <strong>{view.email}</strong>. Open it within a day and confirm; until then your address stays as it was.
          </p>
        </>
      ) : view.kind === 'confirm' ? (
        <>
          <h1 className="text-3xl font-semibold">Use this address?</h1>
          <p className="mt-4">
            The summit's e-mails will go to <strong>{view.email}</strong>.
          </p>
          <form method="post" action={view.action} className="mt-8">
            <button type="submit" className={BUTTON}>
              Yes, use this address
            </button>
          </form>
        </>
      ) : view.kind === 'changed' ? (
        <>
          <h1 className="text-3xl font-semibold" role="status">
            Your address is changed
          </h1>
          <p className="mt-4">
            The summit's e-mails go to <strong>{view.email}</strong> from now on.
          </p>
        </>
      ) : view.kind === 'taken' ? (
        <>
          <h1 className="text-3xl font-semibold">That address is already registered</h1>
          <p className="mt-4">
            Someone registered for this summit with it meanwhile, so nothing changed. Ask for another link from your dashboard.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">This link is not valid</h1>
          <p className="mt-4">It was used already, or more than a day has passed. Ask for a new one from your dashboard.</p>
        </>
      )}
    </main>
  );
}

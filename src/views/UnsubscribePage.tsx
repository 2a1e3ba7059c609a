/** The e-mail choices page (src/domain/mail/unsubscribe-view.ts names its states). */
import type { UnsubscribeView } from '../domain/mail/unsubscribe-view.ts';

const BUTTON = 'rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white';
const QUIET = 'rounded-full px-6 py-3 font-semibold ring-1 ring-ink/20';

export function UnsubscribePage({ view }: { view: UnsubscribeView }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-16 text-ink">
      {view.kind === 'invalid' ? (
        <>
          <h1 className="text-3xl font-semibold">This unsubscribe link is not valid</h1>
          <p className="mt-4">Please use the link from your most recent summit e-mail, or write to us and we will take you off the list.</p>
        </>
      ) : view.kind === 'opt-in' ? (
        <>
          <h1 className="text-3xl font-semibold">Your summit e-mails</h1>
          <p className="mt-4">
            <strong>{view.email}</strong> gets the messages you need to get in: your personal access links and receipts. Would you like
            more?
          </p>
          <form method="post" action={`${view.action}?change=subscribe`} className="mt-8 space-y-4">
            <p className="rounded-xl bg-white px-4 py-3 ring-1 ring-ink/10" data-consent-wording="">
              {view.wording}
            </p>
            <button type="submit" className={BUTTON}>
              Yes, send me these e-mails
            </button>
          </form>
        </>
      ) : view.kind === 'confirm' ? (
        <>
          <h1 className="text-3xl font-semibold">Unsubscribe from summit e-mails?</h1>
          <p className="mt-4">
            <strong>{view.email}</strong> will get no more reminders or offers. Messages you need to get in, such as your personal access
            links and pass receipts, still arrive.
          </p>
          <form method="post" action={`${view.action}?change=unsubscribe`} className="mt-8">
            <button type="submit" className={BUTTON}>
              Unsubscribe
            </button>
          </form>
        </>
      ) : view.kind === 'done' ? (
        <>
          <h1 className="text-3xl font-semibold" role="status">
            You are unsubscribed
          </h1>
          <p className="mt-4">
            <strong>{view.email}</strong> gets no more summit reminders or offers. Your personal access links still work.
          </p>
          <form method="post" action={`${view.action}?change=resubscribe`} className="mt-8">
            <button type="submit" className={QUIET}>
              Undo: keep sending me summit e-mails
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold" role="status">
            You are subscribed
          </h1>
          <p className="mt-4">
            <strong>{view.email}</strong> gets the summit’s {view.topics}. You can unsubscribe at any time.
          </p>
          <form method="post" action={`${view.action}?change=unsubscribe`} className="mt-8">
            <button type="submit" className={QUIET}>
              Unsubscribe after all
            </button>
          </form>
        </>
      )}
    </main>
  );
}

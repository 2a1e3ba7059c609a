/** The unsubscribe page: confirm, done (with undo), or a link that is not valid. */
export type UnsubscribeView =
  | { kind: 'confirm'; email: string; action: string }
  | { kind: 'done'; email: string; action: string }
  | { kind: 'resubscribed'; email: string; action: string }
  | { kind: 'invalid' };

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
            You are subscribed again
          </h1>
          <p className="mt-4">
            Welcome back: <strong>{view.email}</strong> gets the summit e-mails again.
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

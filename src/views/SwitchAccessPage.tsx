/**
 * A personal link opened, from another site, in a browser signed in with another registration
 *: nothing changes until the person confirms here. The button posts back to
 * the same link from this site, which a page elsewhere cannot do (writes need this site's Origin).
 */
export interface SwitchAccessPageProps {
  /** The link's own path (/access/{key}?to=…), where the confirmation posts. */
  action: string;
  /** Where "keep" leads: the page of the registration this browser is signed in with. */
  keepHref: string;
}

export function SwitchAccessPage({ action, keepHref }: SwitchAccessPageProps) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-primary/10 via-surface to-brand-secondary/10 px-6 py-12">
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 shadow-xl" data-switch-access>
        <h1 className="font-serif text-3xl font-bold">Switch registration?</h1>
        <p className="mt-4 text-muted">
          This browser is signed in with another registration. The link you opened belongs to a different one. Switch only if it is your own
          link: purchases made afterwards go to the registration you switch to.
        </p>
        <form method="post" action={action} className="mt-6">
          <input type="hidden" name="confirm" value="switch" />
          <button type="submit" className="w-full rounded-full bg-brand-primary-strong px-6 py-3 font-semibold text-white">
            Switch to this registration
          </button>
        </form>
        <p className="mt-6 text-center text-sm">
          <a href={keepHref} className="text-brand-primary-strong underline underline-offset-4">
            Keep my current registration
          </a>
        </p>
      </div>
    </main>
  );
}

/**
 * "Remove the demo" (src/server/demo-content/remove-demo-screen.ts): the demo editions with their
 * registrants and episodes, an export of each to download first, and the removal, confirmed by
 * typing a sentence. Said plainly when the home page still shows a demo edition.
 */
import type { RemoveDemoState } from '../../domain/admin-home/demo-removal.ts';
import { CARD, DANGER_BUTTON, INPUT, LINK } from '../../components/form/styles.ts';

export function RemoveDemoView({ demos, confirmationText, confirmation, problem }: RemoveDemoState) {
  if (demos.length === 0)
    return (
      <section className={CARD} data-demo-gone="">
        <h2 className="text-xl font-semibold">The demo is gone</h2>
        <p className="mt-2">
          The site holds only your editions.{' '}
          <a className={LINK} href="/admin">
            Back to the admin’s home
          </a>
        </p>
      </section>
    );
  const shown = demos.find((demo) => demo.onHomePage);
  return (
    <section className={`${CARD} space-y-5`} aria-labelledby="remove-demo-heading">
      <h2 id="remove-demo-heading" className="text-xl font-semibold">
        Remove the demo
      </h2>
      <p>
        This deletes the demo editions below with their speakers, hosts, sessions, episodes and audio, and erases their registrants (as
        erasing one in the admin does, so your webhooks and list tools hear of it). It cannot be undone: download what you want to keep
        first.
      </p>
      <ul className="space-y-3">
        {demos.map((demo) => (
          <li key={demo.slug} className="rounded-xl p-3 ring-1 ring-ink/10" data-demo-edition={demo.slug}>
            <span className="font-semibold">{demo.name}</span> <span className="font-mono text-sm">/{demo.slug}</span>
            <span className="block text-sm text-muted">
              {demo.registrants} registrant{demo.registrants === 1 ? '' : 's'}, {demo.episodes} episode{demo.episodes === 1 ? '' : 's'}
              {demo.onHomePage ? ', shown on the home page' : ''}
            </span>
            <a className={`text-sm ${LINK}`} href={`/admin/editions/${demo.slug}/export.zip`} download>
              Download its export with audio<span className="sr-only"> ({demo.name})</span>
            </a>
          </li>
        ))}
      </ul>
      {shown ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-demo-on-home="">
          The home page shows {shown.name}.{' '}
          <a className={LINK} href="/admin/editions">
            Show your own edition on the home page
          </a>{' '}
          before removing the demo.
        </p>
      ) : null}
      <form method="post" className="space-y-3">
        <label className="block font-semibold" htmlFor="remove-demo-confirm">
          Type “{confirmationText}” to confirm
        </label>
        <input
          id="remove-demo-confirm"
          name="confirm"
          className={INPUT}
          defaultValue={confirmation}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'remove-demo-problem' : undefined}
        />
        {problem ? (
          <p id="remove-demo-problem" role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <button type="submit" className={DANGER_BUTTON}>
          Remove the demo
        </button>
      </form>
    </section>
  );
}

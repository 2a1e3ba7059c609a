/**
 * The first-run checklist on the admin's home (src/domain/admin-home/first-run.ts): each step done
 * or not, read from the data, and a link to where it is done. Server-rendered, no script.
 */
import type { FirstRunStep } from '../../../domain/admin-home/first-run.ts';
import { CARD, LINK } from '../../../components/form/styles.ts';

export function FirstRunChecklist({ steps }: { steps: FirstRunStep[] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="first-run-heading" className={CARD} data-first-run="">
      <h2 id="first-run-heading" className="text-xl font-semibold">
        Make the site yours
      </h2>
      <p className="mt-1 text-sm text-muted">
        {done} of {steps.length} steps done. Each step is ticked when the site holds it.
      </p>
      <ol className="mt-4 grid gap-2 md:grid-cols-2">
        {steps.map((step, index) => (
          <li key={step.key} className="flex gap-3 rounded-xl p-3 ring-1 ring-ink/10" data-step={step.key} data-done={String(step.done)}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                step.done ? 'bg-green-700 text-white' : 'ring-1 ring-ink/30 text-ink'
              }`}
            >
              {step.done ? '✓' : index + 1}
            </span>
            <span>
              <a href={step.href} className={`font-semibold ${LINK}`}>
                {step.label}
              </a>
              <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              <span className="block text-sm text-muted">{step.note}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { progressWidthClass, type computeProgress } from '../../domain/setup-guide.ts';
import { focusRing } from './focus-ring.ts';

/** The count, percentage and bar of completed items, with the reset button. */
export function ProgressPanel({ progress, onReset }: { progress: ReturnType<typeof computeProgress>; onReset: () => void }) {
  return (
    <section data-progress="" aria-label="Your progress" className="mt-10 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <p aria-live="polite" className="font-semibold text-ink">
          <span data-progress-count="">
            {progress.completed} of {progress.total} steps complete
          </span>
        </p>
        <p data-progress-percent="" className="text-3xl font-bold text-brand-primary-strong">
          {progress.percent}%
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.completed} of ${progress.total} steps complete (${progress.percent}%)`}
        className="mt-4 h-3 w-full overflow-hidden rounded-full bg-ink/10"
      >
        <div
          className={`h-full rounded-full bg-brand-primary-strong transition-[width] duration-300 ${progressWidthClass(progress.percent)}`}
        />
      </div>
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          onClick={onReset}
          className={`rounded-full px-4 py-2 text-sm font-semibold text-muted underline-offset-4 hover:text-ink hover:underline ${focusRing}`}
        >
          Reset progress
        </button>
      </div>
    </section>
  );
}

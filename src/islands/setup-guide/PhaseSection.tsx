import type { SetupPhase } from '../../domain/setup-guide.ts';
import { Chevron } from './Chevron.tsx';
import { focusRing } from './focus-ring.ts';
import { SetupItemCard } from './SetupItemCard.tsx';

interface PhaseSectionProps {
  phase: SetupPhase;
  index: number;
  open: boolean;
  completedSet: ReadonlySet<string>;
  expandedItems: string[];
  onTogglePhase: (id: string) => void;
  onToggleItem: (id: string) => void;
  onToggleComplete: (id: string) => void;
  onCopy: (text: string) => void;
}

/**
 * One phase: a disclosure (number or ✓, title, count done) and, when open, its items. It is a
 * native <details>, so it opens and closes before the island hydrates too (read back as it does,
 * use-setup-guide-state.ts); `onToggle` follows what the browser did.
 */
export function PhaseSection({
  phase,
  index,
  open,
  completedSet,
  expandedItems,
  onTogglePhase,
  onToggleItem,
  onToggleComplete,
  onCopy,
}: PhaseSectionProps) {
  const done = phase.items.filter((item) => completedSet.has(item.id)).length;
  const allDone = done === phase.items.length && phase.items.length > 0;
  const panelId = `setup-phase-${phase.id}-panel`;
  return (
    <section
      data-phase={phase.id}
      aria-labelledby={`setup-phase-${phase.id}-heading`}
      className="rounded-3xl bg-white shadow-sm ring-1 ring-ink/10"
    >
      <details
        open={open}
        data-phase-disclosure={phase.id}
        onToggle={(event) => {
          if (event.currentTarget.open !== open) onTogglePhase(phase.id);
        }}
      >
        <summary
          aria-expanded={open}
          aria-controls={panelId}
          className={`flex w-full cursor-pointer list-none items-center gap-4 rounded-3xl p-6 text-left [&::-webkit-details-marker]:hidden ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className={`flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
              allDone ? 'bg-brand-primary-strong text-white' : 'bg-brand-primary/10 text-brand-primary-strong'
            }`}
          >
            {allDone ? '✓' : index + 1}
          </span>
          <h2 id={`setup-phase-${phase.id}-heading`} className="min-w-0 flex-1">
            <span className="block text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">Phase {index + 1}</span>
            <span className="block font-serif text-2xl font-bold text-ink">{phase.title}</span>
          </h2>
          <span className="hidden text-sm font-medium text-muted sm:inline">
            {done} of {phase.items.length} done
          </span>
          <Chevron open={open} />
        </summary>
        <div id={panelId} className="px-6 pb-6">
          <p className="text-muted">{phase.description}</p>
          <ul className="mt-5 space-y-4">
            {phase.items.map((item) => (
              <SetupItemCard
                key={item.id}
                item={item}
                open={expandedItems.includes(item.id)}
                complete={completedSet.has(item.id)}
                onToggleOpen={() => onToggleItem(item.id)}
                onToggleComplete={() => onToggleComplete(item.id)}
                onCopy={onCopy}
              />
            ))}
          </ul>
        </div>
      </details>
    </section>
  );
}

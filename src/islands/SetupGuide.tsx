/**
 * The setup guide island (docs/PRODUCT.md "Setup guide"). Five phases of checklist items: phases and items expand and collapse, items toggle
 * complete, the progress shows a count and a percentage, and a completion card appears at 100%.
 *
 * The server renders the default state (phase 1 open, nothing complete); as it hydrates the
 * island restores the visitor's progress and open phases from localStorage, keeps any box ticked
 * before then (a real checkbox works before hydration), and saves every change there. No style
 * attributes: the Content-Security-Policy forbids them, so the bar's width is one of a fixed list
 * of classes.
 */
import { useRef } from 'react';
import type { SetupPhase } from '../domain/setup-guide.ts';
import { ToastRegion, copyText, useToasts } from './toast.tsx';
import { setupGuidePhases } from '../content/site/setup-guide-phases.ts';
import { CompletionCard } from './setup-guide/CompletionCard.tsx';
import { GuideHeader } from './setup-guide/GuideHeader.tsx';
import { PhaseSection } from './setup-guide/PhaseSection.tsx';
import { ProgressPanel } from './setup-guide/ProgressPanel.tsx';
import { useSetupGuideState } from './setup-guide/use-setup-guide-state.ts';

export interface SetupGuideProps {
  phases: SetupPhase[];
}

export function SetupGuide({ phases }: SetupGuideProps) {
  const { toasts, show } = useToasts();
  const root = useRef<HTMLElement>(null);
  const { state, completedSet, progress, toggleComplete, togglePhase, toggleItem, resetProgress } = useSetupGuideState(phases, show, root);

  const copyPrompt = async (text: string) => {
    if (await copyText(text)) {
      show('Copied to clipboard', 'The AI prompt has been copied to your clipboard.');
    } else {
      show('Copy failed', 'Your browser did not allow copying. Select the prompt text and copy it yourself.', 'destructive');
    }
  };

  return (
    <main
      ref={root}
      data-setup-guide=""
      data-restored={state.restored ? 'true' : undefined}
      className="mx-auto max-w-4xl px-6 py-12 sm:py-16"
    >
      <GuideHeader />
      <ProgressPanel progress={progress} onReset={resetProgress} />
      <div aria-live="polite">{progress.complete ? <CompletionCard total={progress.total} /> : null}</div>
      <div className="mt-10 space-y-6">
        {phases.map((phase, index) => (
          <PhaseSection
            key={phase.id}
            phase={phase}
            index={index}
            open={state.expandedPhases.includes(phase.id)}
            completedSet={completedSet}
            expandedItems={state.expandedItems}
            onTogglePhase={togglePhase}
            onToggleItem={toggleItem}
            onToggleComplete={toggleComplete}
            onCopy={(text) => void copyPrompt(text)}
          />
        ))}
      </div>
      <ToastRegion toasts={toasts} />
    </main>
  );
}
/**
 * The island as /setup-guide mounts it, its content bundled with its script: passed as a prop,
 * the content was written into the page twice (as markup and as the island's serialised props),
 * 30 KB gzip of HTML before the first paint instead of about 15.
 */
export default function SetupGuideIsland() {
  return <SetupGuide phases={setupGuidePhases} />;
}

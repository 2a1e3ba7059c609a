/**
 * The setup guide island (SPEC.md "Setup guide", section 4 "Setup guide" state, section 8
 * toasts). Five phases of checklist items: phases and items expand and collapse, items toggle
 * complete, the progress shows a count and a percentage, and a completion card appears at 100%.
 *
 * The server renders the default state (phase 1 open, nothing complete); after hydration the
 * island restores the visitor's progress and open phases from localStorage, and saves every
 * change there. No style attributes: the Content-Security-Policy forbids them, so the bar's
 * width is one of a fixed list of classes.
 */
import { SetupDashboardLinks } from '../components/SetupDashboardLinks.tsx';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  SETUP_GUIDE_STORAGE_KEY,
  computeProgress,
  defaultSetupGuideState,
  isDefaultSetupGuideState,
  parseSetupGuideState,
  progressWidthClass,
  serializeSetupGuideState,
  toggleId,
  type SetupItem,
  type SetupPhase,
} from '../domain/setup-guide.ts';
import { ToastRegion, copyText, useToasts } from './toast.tsx';
import { setupGuidePhases } from '../content/setup-guide.ts';

export interface SetupGuideProps {
  phases: SetupPhase[];
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

/** Storage can be missing or throw (disabled cookies, some private modes): the guide still works. */
function readStored(): string | null {
  try {
    return window.localStorage.getItem(SETUP_GUIDE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(SETUP_GUIDE_STORAGE_KEY);
    else window.localStorage.setItem(SETUP_GUIDE_STORAGE_KEY, value);
  } catch {
    // Progress then lasts only for this page view.
  }
}

/** Text with `backtick` spans shown as code (commands, variables, paths). React escapes the rest. */
function RichText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && index < parts.length - 1 ? (
          <code key={index} className="rounded bg-ink/5 px-1.5 py-0.5 font-mono text-[0.9em] text-ink">
            {part}
          </code>
        ) : (
          <span key={index}>{index % 2 === 1 ? `\`${part}` : part}</span>
        ),
      )}
    </>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-5 shrink-0 text-brand-primary-strong transition-transform ${open ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

interface SetupGuideState {
  completed: string[];
  expandedPhases: string[];
  expandedItems: string[];
  restored: boolean;
}

/**
 * Which items are complete and which phases and items are open: the server's default first,
 * then what this browser remembers (restored after hydration), saved again on every change.
 */
function useSetupGuideState(phases: SetupPhase[], show: ReturnType<typeof useToasts>['show']) {
  const initial = useMemo(() => defaultSetupGuideState(phases), [phases]);
  const [completed, setCompleted] = useState<string[]>(initial.completed);
  const [expandedPhases, setExpandedPhases] = useState<string[]>(initial.expandedPhases);
  const [expandedItems, setExpandedItems] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);

  // After hydration: restore what this browser remembers (unknown or corrupt data is ignored).
  useEffect(() => {
    const stored = parseSetupGuideState(readStored(), phases);
    if (stored) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- browser storage is read after hydration: reading it while rendering would make the server's and the browser's HTML differ
      setCompleted(stored.completed);
      setExpandedPhases(stored.expandedPhases);
    }
    setRestored(true);
  }, [phases]);

  // Save every change, once the stored state has been read (so the default never overwrites it).
  useEffect(() => {
    if (!restored) return;
    const state = { completed, expandedPhases };
    writeStored(isDefaultSetupGuideState(state, phases) ? null : serializeSetupGuideState(state));
  }, [restored, completed, expandedPhases, phases]);

  const progress = computeProgress(phases, completed);
  const completedSet = new Set(completed);

  const toggleComplete = (id: string) => setCompleted((current) => toggleId(current, id));
  const togglePhase = (id: string) => setExpandedPhases((current) => toggleId(current, id));
  const toggleItem = (id: string) => setExpandedItems((current) => toggleId(current, id));

  const resetProgress = () => {
    setCompleted(initial.completed);
    setExpandedPhases(initial.expandedPhases);
    setExpandedItems([]);
    writeStored(null);
    show('Progress reset', 'Every item is marked not done again.');
  };

  const state: SetupGuideState = { completed, expandedPhases, expandedItems, restored };
  return { state, completedSet, progress, toggleComplete, togglePhase, toggleItem, resetProgress };
}

export function SetupGuide({ phases }: SetupGuideProps) {
  const { toasts, show } = useToasts();
  const { state, completedSet, progress, toggleComplete, togglePhase, toggleItem, resetProgress } = useSetupGuideState(phases, show);

  const copyPrompt = async (text: string) => {
    if (await copyText(text)) {
      show('Copied to clipboard', 'The AI prompt has been copied to your clipboard.');
    } else {
      show('Copy failed', 'Your browser did not allow copying. Select the prompt text and copy it yourself.', 'destructive');
    }
  };

  return (
    <main data-setup-guide="" data-restored={state.restored ? 'true' : undefined} className="mx-auto max-w-4xl px-6 py-12 sm:py-16">
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

/** The title, what the guide is for, the setup tools and the providers' dashboards. */
function GuideHeader() {
  return (
    <header>
      <p className="text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">For summit hosts</p>
      <h1 className="mt-2 font-serif text-4xl font-bold text-ink sm:text-5xl">Setup Guide</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">
        Take your own copy of this summit site from <code className="font-mono text-ink">npm install</code> to launch day in five phases.
        Open an item for its steps, AI prompts to paste into your assistant, troubleshooting and how to check it worked, then mark it
        complete. Your progress is saved in this browser.
      </p>
      <nav aria-label="Setup tools" className="mt-6 flex flex-wrap gap-3">
        <a
          href="/brand-config"
          className={`inline-flex items-center rounded-full bg-brand-primary-strong px-5 py-2.5 font-semibold text-white shadow-sm transition hover:brightness-90 ${focusRing}`}
        >
          Brand configuration
        </a>
        <a
          href="/admin"
          className={`inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong ring-1 ring-brand-primary-strong/40 transition hover:bg-brand-primary/5 ${focusRing}`}
        >
          Admin
        </a>
        <a
          href="/embed"
          className={`inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong ring-1 ring-brand-primary-strong/40 transition hover:bg-brand-primary/5 ${focusRing}`}
        >
          Partner embeds
        </a>
      </nav>
      <div className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
        <p id="setup-external-dashboards" className="font-semibold text-ink">
          You will also use these dashboards of your own providers
        </p>
        <ul aria-labelledby="setup-external-dashboards" className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>
            Your mail provider’s dashboard: SMTP credentials for <code className="font-mono text-ink">SMTP_URL</code> and the SPF and DKIM
            records of your sending domain.
          </li>
          <li>Your domain’s DNS dashboard: point your domain at your server.</li>
          <li>
            Your hosting provider’s dashboard: the server or containers, the HTTPS proxy or load balancer and its health check on{' '}
            <code className="font-mono text-ink">/healthz</code>.
          </li>
          <li>
            Your Postgres provider’s console, if you use Postgres: the <code className="font-mono text-ink">DATABASE_URL</code> and its
            backups.
          </li>
        </ul>
      </div>
    </header>
  );
}

/** The count, percentage and bar of completed items, with the reset button. */
function ProgressPanel({ progress, onReset }: { progress: ReturnType<typeof computeProgress>; onReset: () => void }) {
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

/** Shown once every item is complete. */
function CompletionCard({ total }: { total: number }) {
  return (
    <section
      data-completion-card=""
      aria-labelledby="setup-complete-heading"
      className="mt-8 rounded-3xl bg-brand-primary-strong p-8 text-white shadow-lg"
    >
      <h2 id="setup-complete-heading" className="font-serif text-3xl font-bold">
        Your summit is ready!
      </h2>
      <p className="mt-3 max-w-2xl text-white">
        All {total} items are complete: your site runs on your own domain with your brand, your content and your admin. Share the
        registration page and the partner embeds, and watch registrations arrive in the admin.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href="/"
          className="inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          View your site
        </a>
        <a
          href="/admin"
          className="inline-flex items-center rounded-full px-5 py-2.5 font-semibold text-white ring-1 ring-white/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Open the admin
        </a>
      </div>
    </section>
  );
}

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

/** One phase: its heading button (number or ✓, title, count done) and, when open, its items. */
function PhaseSection({
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
      <h2 id={`setup-phase-${phase.id}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onTogglePhase(phase.id)}
          className={`flex w-full items-center gap-4 rounded-3xl p-6 text-left ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className={`flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
              allDone ? 'bg-brand-primary-strong text-white' : 'bg-brand-primary/10 text-brand-primary-strong'
            }`}
          >
            {allDone ? '✓' : index + 1}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">Phase {index + 1}</span>
            <span className="block font-serif text-2xl font-bold text-ink">{phase.title}</span>
          </span>
          <span className="hidden text-sm font-medium text-muted sm:inline">
            {done} of {phase.items.length} done
          </span>
          <Chevron open={open} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-6 pb-6">
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
    </section>
  );
}

interface SetupItemCardProps {
  item: SetupItem;
  open: boolean;
  complete: boolean;
  onToggleOpen: () => void;
  onToggleComplete: () => void;
  onCopy: (text: string) => void;
}

/** The item's heading (its open/close button), "Mark complete" and the one-line summary. */
function ItemHeader({ item, open, complete, onToggleOpen, onToggleComplete }: Omit<SetupItemCardProps, 'onCopy'>) {
  const panelId = `setup-item-${item.id}-panel`;
  const checkboxId = `setup-item-${item.id}-complete`;
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
      <h3 className="w-full min-w-0 text-lg font-semibold text-ink sm:w-auto sm:flex-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggleOpen}
          className={`flex w-full items-center gap-3 rounded-xl text-left ${focusRing}`}
        >
          <span className="min-w-0 flex-1">{item.title}</span>
          <Chevron open={open} />
        </button>
      </h3>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={complete}
          onChange={onToggleComplete}
          className={`size-6 shrink-0 cursor-pointer rounded accent-brand-primary-strong ${focusRing}`}
        />
        <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium text-ink">
          Mark complete<span className="sr-only">: {item.title}</span>
        </label>
      </div>
      <p className="w-full text-muted">{item.summary}</p>
    </div>
  );
}

/** One AI prompt: its label, the Copy button it describes, and the text. */
function PromptCard({ entry, labelId, onCopy }: { entry: SetupItem['prompts'][number]; labelId: string; onCopy: (text: string) => void }) {
  return (
    <li data-prompt="" className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={labelId} className="font-semibold text-ink">
          {entry.label}
        </p>
        <button
          type="button"
          aria-describedby={labelId}
          onClick={() => onCopy(entry.text)}
          className={`rounded-full bg-brand-primary-strong px-4 py-1.5 text-sm font-semibold text-white transition hover:brightness-90 ${focusRing}`}
        >
          Copy
        </button>
      </div>
      <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-muted">{entry.text}</pre>
    </li>
  );
}

/** Lines of the guide's rich text as list items (steps numbered, tips and checks bulleted). */
function RichTextItems({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <li key={index}>
      <RichText text={line} />
    </li>
  ));
}

/** The opened item: steps, dashboards, AI prompts, troubleshooting and how to know it worked. */
function ItemDetails({ item, open, onCopy }: Pick<SetupItemCardProps, 'item' | 'open' | 'onCopy'>) {
  return (
    <div id={`setup-item-${item.id}-panel`} hidden={!open} className="space-y-6 border-t border-ink/10 px-4 pt-4 pb-5">
      <ItemSection title="Steps">
        <ol className="list-decimal space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.steps} />
        </ol>
      </ItemSection>
      {item.dashboards?.length ? (
        <ItemSection title="Dashboards">
          <SetupDashboardLinks links={item.dashboards} />
        </ItemSection>
      ) : null}
      <ItemSection title="AI prompts">
        <ul className="space-y-4">
          {item.prompts.map((entry, index) => (
            <PromptCard key={index} entry={entry} labelId={`setup-item-${item.id}-prompt-${index}`} onCopy={onCopy} />
          ))}
        </ul>
      </ItemSection>
      <ItemSection title="Troubleshooting">
        <ul className="list-disc space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.troubleshooting} />
        </ul>
      </ItemSection>
      <ItemSection title="How to know it worked">
        <ul className="list-disc space-y-2 pl-5 text-ink">
          <RichTextItems lines={item.validation} />
        </ul>
      </ItemSection>
    </div>
  );
}

function SetupItemCard({ item, open, complete, onToggleOpen, onToggleComplete, onCopy }: SetupItemCardProps) {
  return (
    <li
      data-item={item.id}
      data-complete={complete ? 'true' : 'false'}
      className={`rounded-2xl ring-1 ${complete ? 'bg-brand-primary/5 ring-brand-primary-strong/40' : 'bg-surface ring-ink/10'}`}
    >
      <ItemHeader item={item} open={open} complete={complete} onToggleOpen={onToggleOpen} onToggleComplete={onToggleComplete} />
      <ItemDetails item={item} open={open} onCopy={onCopy} />
    </li>
  );
}

function ItemSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">{title}</h4>
      {children}
    </div>
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

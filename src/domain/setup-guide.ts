/**
 * The setup guide (docs/PRODUCT.md "Setup guide"):
 * the shape of its content, the progress computation and the browser-storage format of the
 * visitor's progress. Pure: no DOM, no storage access; the island reads and writes localStorage
 * and hands the strings to these functions.
 */

export interface SetupPrompt {
  /** What the prompt helps with, shown above it. */
  label: string;
  /** The text the host pastes into an AI assistant. */
  text: string;
}

/** An external service's dashboard the item's steps send the host to; opens in a new tab. */
export interface SetupLink {
  label: string;
  url: string;
}

export interface SetupItem {
  /** Unique across the whole guide: it is what the stored progress remembers. */
  id: string;
  title: string;
  summary: string;
  steps: string[];
  prompts: SetupPrompt[];
  troubleshooting: string[];
  validation: string[];
  /** The dashboards (mail, DNS, hosting, database) the steps name, for a host who uses one of these. */
  dashboards?: SetupLink[];
}

export interface SetupPhase {
  id: string;
  title: string;
  description: string;
  items: SetupItem[];
}

/** The localStorage key; bump the version when the stored shape changes incompatibly. */
export const SETUP_GUIDE_STORAGE_KEY = 'summit-setup-guide:v1';

/** What is remembered between visits: the completed items and the expanded phases. */
export interface SetupGuideState {
  completed: string[];
  expandedPhases: string[];
}

export interface SetupProgress {
  completed: number;
  total: number;
  /** Whole-number percentage; 100 only when every item is complete, 0 only when none is. */
  percent: number;
  complete: boolean;
}

export function allItemIds(phases: readonly SetupPhase[]): string[] {
  return phases.flatMap((phase) => phase.items.map((item) => item.id));
}

/** The first visit: phase 1 expanded, nothing complete. */
export function defaultSetupGuideState(phases: readonly SetupPhase[]): SetupGuideState {
  const first = phases[0];
  return { completed: [], expandedPhases: first ? [first.id] : [] };
}

/**
 * Counts the completed items that exist in the guide. The percentage is rounded to a whole
 * number but never reads 100 before the last item nor 0 after the first one (1 of 300 reads
 * 1%, 299 of 300 reads 99%), so the number agrees with the completion card.
 */
export function computeProgress(phases: readonly SetupPhase[], completed: Iterable<string>): SetupProgress {
  const ids = new Set(allItemIds(phases));
  const done = new Set([...completed].filter((id) => ids.has(id))).size;
  const total = ids.size;
  const complete = total > 0 && done === total;
  let percent = total === 0 ? 0 : Math.round((done / total) * 100);
  if (!complete && percent >= 100) percent = 99;
  if (done > 0 && percent <= 0) percent = 1;
  return { completed: done, total, percent, complete };
}

/**
 * The progress bar's width as one of a fixed list of classes (the Content-Security-Policy
 * forbids style attributes, and Tailwind only generates classes it finds written out). Steps of
 * 5%, rounded; a started guide shows at least the first step and an unfinished one never the
 * full bar.
 */
const PROGRESS_WIDTHS = [
  'w-0',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-full',
] as const;

export function progressWidthClass(percent: number): string {
  const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  let step = Math.round(clamped / 5);
  if (clamped > 0 && step === 0) step = 1;
  if (clamped < 100 && step === 20) step = 19;
  return PROGRESS_WIDTHS[step] ?? 'w-0';
}

export function serializeSetupGuideState(state: SetupGuideState): string {
  return JSON.stringify({ completed: state.completed, expandedPhases: state.expandedPhases });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The strings of `value` that name a known id, once each, in stored order. */
function knownIds(value: unknown[], known: ReadonlySet<string>): string[] {
  const kept = new Set<string>();
  for (const entry of value) if (typeof entry === 'string' && known.has(entry)) kept.add(entry);
  return [...kept];
}

/**
 * Reads what serializeSetupGuideState wrote. Returns null (use the default state) for nothing
 * stored, corrupt JSON, or a value of the wrong shape: it must be an object whose `completed`
 * and `expandedPhases` are arrays. Entries that are not strings, or name an item or phase no
 * longer in the guide, are dropped.
 */
export function parseSetupGuideState(raw: string | null | undefined, phases: readonly SetupPhase[]): SetupGuideState | null {
  if (typeof raw !== 'string' || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.completed) || !Array.isArray(value.expandedPhases)) return null;
  return {
    completed: knownIds(value.completed, new Set(allItemIds(phases))),
    expandedPhases: knownIds(value.expandedPhases, new Set(phases.map((phase) => phase.id))),
  };
}

/** True when the state is what a first visit shows, so there is nothing worth storing. */
export function isDefaultSetupGuideState(state: SetupGuideState, phases: readonly SetupPhase[]): boolean {
  const initial = defaultSetupGuideState(phases);
  return (
    state.completed.length === 0 &&
    state.expandedPhases.length === initial.expandedPhases.length &&
    state.expandedPhases.every((id) => initial.expandedPhases.includes(id))
  );
}

/** Adds the id if absent, removes it if present (order of the others kept). */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((entry) => entry !== id) : [...ids, id];
}

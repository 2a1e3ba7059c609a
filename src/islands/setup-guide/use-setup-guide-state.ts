/**
 * The setup guide's state: which items are complete and which phases and items are open, kept in
 * this browser's localStorage.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  SETUP_GUIDE_STORAGE_KEY,
  computeProgress,
  defaultSetupGuideState,
  isDefaultSetupGuideState,
  parseSetupGuideState,
  serializeSetupGuideState,
  toggleId,
  type SetupPhase,
} from '../../domain/setup-guide.ts';
import type { useToasts } from '../toast.tsx';

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
export function useSetupGuideState(phases: SetupPhase[], show: ReturnType<typeof useToasts>['show']) {
  const initial = useMemo(() => defaultSetupGuideState(phases), [phases]);
  const [completed, setCompleted] = useState<string[]>(initial.completed);
  const [expandedPhases, setExpandedPhases] = useState<string[]>(initial.expandedPhases);
  const [expandedItems, setExpandedItems] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);

  // After hydration: restore what this browser remembers (unknown or corrupt data is ignored).
  useEffect(() => {
    const stored = parseSetupGuideState(readStored(), phases);
    if (stored) {
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

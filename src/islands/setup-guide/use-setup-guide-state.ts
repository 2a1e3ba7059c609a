/**
 * The setup guide's state: which items are complete and which phases and items are open, kept in
 * this browser's localStorage.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
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

/** The `name` of every "Mark complete" checkbox; its `value` is the item's id. */
export const COMPLETE_BOX_NAME = 'completed';

/**
 * The items whose "Mark complete" box the visitor ticked (or cleared) in the server-rendered page
 * before the island hydrated: the box is a real checkbox, so the click took effect in the page,
 * and React keeps a hydrated checkbox's state as it finds it.
 */
export function ticksBeforeHydration(root: HTMLElement): { ticked: string[]; cleared: string[] } {
  const changed = [...root.querySelectorAll<HTMLInputElement>(`input[name="${COMPLETE_BOX_NAME}"]`)].filter(
    (box) => box.checked !== box.defaultChecked,
  );
  return {
    ticked: changed.filter((box) => box.checked).map((box) => box.value),
    cleared: changed.filter((box) => !box.checked).map((box) => box.value),
  };
}

/**
 * The phases opened or closed before the island hydrated: each phase is a <details>, which the
 * browser opens and closes on its own, so a press before hydration shows at once and is read
 * back here (an `open` that differs from the server's default).
 */
export function phasesToggledBeforeHydration(root: HTMLElement, openByDefault: readonly string[]): { opened: string[]; closed: string[] } {
  const changed = [...root.querySelectorAll<HTMLDetailsElement>('details[data-phase-disclosure]')].filter(
    (details) => details.open !== openByDefault.includes(details.dataset.phaseDisclosure ?? ''),
  );
  const ids = (open: boolean) => changed.filter((details) => details.open === open).map((details) => details.dataset.phaseDisclosure ?? '');
  return { opened: ids(true), closed: ids(false) };
}

/**
 * Which items are complete and which phases and items are open: the server's default first,
 * then what this browser remembers together with the boxes ticked before hydration, saved
 * again on every change.
 */
export function useSetupGuideState(phases: SetupPhase[], show: ReturnType<typeof useToasts>['show'], root: RefObject<HTMLElement | null>) {
  const initial = useMemo(() => defaultSetupGuideState(phases), [phases]);
  const [completed, setCompleted] = useState<string[]>(initial.completed);
  const [expandedPhases, setExpandedPhases] = useState<string[]>(initial.expandedPhases);
  const [expandedItems, setExpandedItems] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);

  // As hydration commits, before React handles any click: restore what this browser remembers
  // (unknown or corrupt data is ignored) and add the boxes the visitor ticked before then.
  useLayoutEffect(() => {
    const stored = parseSetupGuideState(readStored(), phases) ?? initial;
    const early = root.current ? ticksBeforeHydration(root.current) : { ticked: [], cleared: [] };
    const completedNow = new Set([...stored.completed, ...early.ticked]);
    for (const id of early.cleared) completedNow.delete(id);
    setCompleted([...completedNow]);
    const pressed = root.current ? phasesToggledBeforeHydration(root.current, initial.expandedPhases) : { opened: [], closed: [] };
    const openNow = new Set([...stored.expandedPhases, ...pressed.opened]);
    for (const id of pressed.closed) openNow.delete(id);
    setExpandedPhases([...openNow]);
    setRestored(true);
  }, [phases, initial, root]);

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

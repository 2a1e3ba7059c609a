/**
 * `client:afterpaint`: hydrates an island once the browser has shown the page's first content
 * (its first-contentful-paint entry), or at once when the reader acts on the island first,
 * whichever comes sooner (decisions 0026 and 0029). Registered in astro.config.mjs.
 *
 * - After the first paint: the islands' scripts (React alone is 65 KB gzip) then never compete
 *   with the server-rendered page for its first paint on a slow connection; Astro's `client:idle`
 *   and even a "load, then the next frame" rule fired before that paint in Lighthouse's runs.
 * - On the first action: a page served fast can fire `load` before its first paint, and a busy
 *   browser can report that paint late, so a reader (or a test) who picks a logo right after
 *   load met markup without behaviour and the choice was lost (issue 25). Pressing a pointer or
 *   key, focusing or changing a control inside the island starts hydration at once; the actions
 *   that had no effect without React (a file chosen, a plain button pressed) are dispatched again
 *   once React has taken over the markup, so they are not lost. A file input keeps its files
 *   and a `type="button"` has no default action, so the second dispatch does what the first
 *   would have done and nothing else.
 * - A browser without paint timing hydrates on `load`; one that never reports the paint
 *   hydrates {@link PAINT_FALLBACK_MS} after `load`.
 */
import type { ClientDirective } from 'astro';

/** Hydrate anyway this long after `load` if no first-contentful-paint entry has come. */
export const PAINT_FALLBACK_MS = 3000;

/** Events that start hydration at once when they happen inside the island. */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'focusin', 'change', 'click'] as const;

/** Whether an event that happened before hydration is dispatched again after it. */
export function replays(event: Event): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (event.type === 'change') return target instanceof HTMLInputElement && target.type === 'file';
  if (event.type === 'click') return target.closest('button')?.type === 'button';
  return false;
}

function onLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

const afterPaint: ClientDirective = (load, _options, island) => {
  const missed: { type: string; target: EventTarget }[] = [];
  /** The other triggers, stopped once one has fired. */
  const others: (() => void)[] = [];
  let started = false;

  const early = (event: Event) => {
    if (replays(event) && event.target) missed.push({ type: event.type, target: event.target });
    void hydrate();
  };
  const stopListening = () => {
    for (const type of FIRST_ACTIONS) island.removeEventListener(type, early, { capture: true });
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const stop of others.splice(0)) stop();
    const run = await load();
    // React attaches its listeners when hydration starts (inside `run`): from then on it
    // handles the reader's events itself.
    stopListening();
    await run();
    for (const { type, target } of missed.splice(0)) {
      if (!(target instanceof HTMLElement) || !target.isConnected) continue;
      if (type === 'click') target.click();
      else target.dispatchEvent(new Event(type, { bubbles: true }));
    }
  };

  for (const type of FIRST_ACTIONS) island.addEventListener(type, early, { capture: true, passive: true });
  const paintTiming = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming) return onLoad(() => void hydrate());
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) void hydrate();
  });
  observer.observe({ type: 'paint', buffered: true });
  others.push(() => observer.disconnect());
  onLoad(() => {
    if (started) return;
    const fallback = setTimeout(() => void hydrate(), PAINT_FALLBACK_MS);
    others.push(() => clearTimeout(fallback));
  });
};

export default afterPaint;

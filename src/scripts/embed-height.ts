/**
 * Tells the framing page how tall this widget is (docs/PRODUCT.md "Embed height"): posts
 * {type: 'iframe-resize', height} (plus source and timestamp where configured) when the height
 * changed by more than 10 px; after load and at the configured delays, on resize (debounced
 * 100 ms), and on every image load or error. The height is the content root's, rounded up, plus
 * the padding: never the viewport's, so a growing iframe cannot make the widget grow.
 */
import { HEIGHT_CHANGE_THRESHOLD_PX } from '../domain/embed-page.ts';

const RESIZE_DEBOUNCE_MS = 100;
const body = document.body;
const root = document.querySelector<HTMLElement>('[data-embed-root]');
const padding = Number(body.dataset.embedPadding ?? 0);
const delays = (body.dataset.embedDelays ?? '').split(',').filter(Boolean).map(Number);
const source = body.dataset.embedSource;
let lastSent = 0;

function report(): void {
  if (!root || window.parent === window) return;
  const height = Math.ceil(root.getBoundingClientRect().height) + padding;
  if (Math.abs(height - lastSent) <= HEIGHT_CHANGE_THRESHOLD_PX) return;
  lastSent = height;
  const message = source ? { type: 'iframe-resize', height, source, timestamp: Date.now() } : { type: 'iframe-resize', height };
  window.parent.postMessage(message, '*');
}

function afterLoad(): void {
  report();
  for (const delay of delays) window.setTimeout(report, delay);
}

let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(report, RESIZE_DEBOUNCE_MS);
});
// Image load and error events do not bubble: listen in the capture phase.
for (const type of ['load', 'error']) {
  document.addEventListener(
    type,
    (event) => {
      if (event.target instanceof HTMLImageElement) report();
    },
    true,
  );
}
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad);

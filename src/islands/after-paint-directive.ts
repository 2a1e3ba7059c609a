/**
 * `client:afterpaint`: hydrates an island once the browser has shown the page's first content
 * (its first-contentful-paint entry). The islands' scripts (React alone is 65 KB gzip) then
 * never compete with the server-rendered page for its first paint on a slow connection; Astro's
 * `client:idle` and even a "load, then the next frame" rule fired before that paint in
 * Lighthouse's runs (decision 0026). The island's markup is on the page already, so only its
 * interactivity waits. A browser without paint timing hydrates on `load`. Registered in
 * astro.config.mjs.
 */
import type { ClientDirective } from 'astro';

function onLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

const afterPaint: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const paintTiming = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming) return onLoad(() => void hydrate());
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    void hydrate();
  });
  observer.observe({ type: 'paint', buffered: true });
};

export default afterPaint;

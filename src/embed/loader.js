// @ts-check
/**
 * The one-line embed for partner sites, served as /embed.js:
 *   <div data-summit-widget="speakers" data-summit="august"></div>
 *   <script src="https://SUMMIT-SITE/embed.js" async></script>
 * turns each placeholder into an iframe of the widget and sizes it from the widget's height
 * messages. Messages count only from this site's origin and only from iframes made here; the
 * height is clamped, and a minimum height is reserved until the first message.
 * Plain JavaScript, no build step: this file is served exactly as written.
 */
(function () {
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script) return;
  var origin = new URL(script.src).origin;
  var WIDGETS = ['speakers', 'implementation', 'bonus-bundle', 'leaderboard'];
  var MIN_HEIGHT = 240;
  var MAX_HEIGHT = 20000;
  /** @type {Map<Window, HTMLIFrameElement>} */
  var frames = new Map();

  /** @param {HTMLElement} placeholder */
  function mount(placeholder) {
    if (placeholder.dataset.summitMounted) return;
    var widget = placeholder.dataset.summitWidget || '';
    var summit = placeholder.dataset.summit || '';
    if (WIDGETS.indexOf(widget) === -1 || (summit && !/^[a-z][a-z0-9-]{1,39}$/.test(summit))) return;
    placeholder.dataset.summitMounted = 'true';
    var iframe = document.createElement('iframe');
    iframe.src = origin + '/' + (summit ? summit + '/' : '') + widget + '-embed';
    iframe.title = placeholder.dataset.title || 'Summit ' + widget.replace('-', ' ');
    iframe.setAttribute('scrolling', 'no');
    // A widget further down the partner's page loads when the reader nears it, not with the page.
    iframe.loading = 'lazy';
    iframe.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;height:' + MIN_HEIGHT + 'px';
    placeholder.appendChild(iframe);
    if (iframe.contentWindow) frames.set(iframe.contentWindow, iframe);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var iframe = frames.get(/** @type {Window} */ (event.source));
    var data = event.data;
    if (!iframe || !data || data.type !== 'iframe-resize' || typeof data.height !== 'number' || !isFinite(data.height)) return;
    iframe.style.height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height))) + 'px';
  });

  /**
   * A frame is made when its placeholder comes within a screen of the viewport, one per task:
   * each frame costs the browser a window of its own (5 to 10 ms here, four times that on a
   * phone), so making six at once held the partner's page for one long task, and making them
   * one after another still kept its main thread busy through the load (the embed gallery's
   * total blocking time). A browser without IntersectionObserver makes them all.
   */
  /** @type {HTMLElement[]} */
  var queue = [];
  /**
   * A task of its own, after what the reader sees: the browser's task scheduler at background
   * priority where there is one (Chromium), a timer elsewhere.
   * @param {() => void} work
   */
  function later(work) {
    var scheduler = /** @type {{ scheduler?: { postTask?: (work: () => void, options: object) => unknown } }} */ (
      /** @type {unknown} */ (window)
    ).scheduler;
    if (scheduler && scheduler.postTask) scheduler.postTask(work, { priority: 'background' });
    else setTimeout(work, 0);
  }
  function mountNext() {
    var placeholder = queue.shift();
    if (placeholder) mount(placeholder);
    if (queue.length > 0) later(mountNext);
  }
  /** @param {HTMLElement} placeholder */
  function enqueue(placeholder) {
    queue.push(placeholder);
    if (queue.length === 1) later(mountNext);
  }
  function mountAll() {
    var placeholders = /** @type {HTMLElement[]} */ (Array.prototype.slice.call(document.querySelectorAll('[data-summit-widget]')));
    if (!('IntersectionObserver' in window)) return placeholders.forEach(enqueue);
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          observer.unobserve(entry.target);
          enqueue(/** @type {HTMLElement} */ (entry.target));
        });
      },
      { rootMargin: '100% 0px' },
    );
    placeholders.forEach(function (placeholder) {
      observer.observe(placeholder);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();

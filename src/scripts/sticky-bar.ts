/** Shows the sticky registration bar once the page is scrolled beyond one viewport height. */
const bar = document.querySelector<HTMLElement>('[data-sticky-bar]');
if (bar) {
  let queued = false;
  const update = () => {
    queued = false;
    bar.hidden = window.scrollY <= window.innerHeight;
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(update);
    }
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  update();
}

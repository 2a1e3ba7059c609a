/**
 * Ticks each [data-countdown] every second from the deadline the server rendered. At zero:
 * before a live event's start the page reloads (the server then counts to the end); otherwise
 * the expired text shows and the page redirects after the configured delay.
 *
 * Time is the server's: the offset between the rendered server time and this device's clock is
 * taken once, so a visitor whose clock is minutes off still sees the right countdown, and a page
 * never reloads in a loop because the device thinks an event started that the server has not.
 * Screen readers hear it only at a few moments near the end (the live region); the visitor can
 * hide the ticking digits, remembered in this browser.
 */
import { countdownAnnouncement, formatCountdown } from '../domain/countdown.ts';

/** This browser's choice to hide the ticking digits (WCAG 2.2.2), for every countdown of the site. */
const HIDDEN_KEY = 'summit:countdown-hidden';

function storedHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false; // storage refused (privacy settings): the choice lasts for this page only
  }
}

function offerHiding(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>('[data-countdown-toggle]');
  const ticking = element.querySelector<HTMLElement>('[data-ticking]');
  if (!button || !ticking) return;
  const show = (hidden: boolean) => {
    ticking.hidden = hidden;
    button.textContent = hidden ? 'Show the countdown' : 'Hide the countdown';
  };
  show(storedHidden());
  button.classList.remove('invisible');
  button.addEventListener('click', () => {
    const hidden = !ticking.hidden;
    show(hidden);
    try {
      localStorage.setItem(HIDDEN_KEY, hidden ? '1' : '0');
    } catch {
      // not remembered; shown as chosen all the same
    }
  });
}

function run(element: HTMLElement): void {
  const deadline = Number(element.dataset.deadline);
  const offset = Number(element.dataset.serverNow) - Date.now();
  const units = Object.fromEntries(
    [...element.querySelectorAll<HTMLElement>('[data-unit]')].map((node) => [node.dataset.unit as string, node]),
  );
  const announcer = element.querySelector<HTMLElement>('[data-countdown-announcer]');
  let before = Infinity;
  const tick = (): boolean => {
    const remaining = deadline - (Date.now() + offset);
    const parts = formatCountdown(remaining);
    for (const [unit, node] of Object.entries(units)) node.textContent = parts[unit as keyof typeof parts];
    // Only moments near the end are spoken, and not on arrival: the page's own text says when.
    const announcement = before === Infinity ? null : countdownAnnouncement(before, remaining);
    if (announcement && announcer) announcer.textContent = announcement;
    before = remaining;
    if (remaining > 0) return true;
    if (element.dataset.phase === 'before-start') {
      window.location.reload();
      return false;
    }
    element.dataset.state = 'expired';
    element.querySelector<HTMLElement>('[data-counting]')?.setAttribute('hidden', '');
    element.querySelector<HTMLElement>('[data-expired]')?.removeAttribute('hidden');
    const target = element.dataset.redirect;
    if (target) window.setTimeout(() => window.location.assign(target), Number(element.dataset.redirectDelay));
    return false;
  };
  if (!tick()) return;
  const timer = window.setInterval(() => {
    if (!tick()) window.clearInterval(timer);
  }, 1000);
}

for (const element of document.querySelectorAll<HTMLElement>('[data-countdown]')) {
  offerHiding(element);
  run(element);
}

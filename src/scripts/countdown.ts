/**
 * Ticks each [data-countdown] every second from the deadline the server rendered. At zero:
 * before a live event's start the page reloads (the server then counts to the end); otherwise
 * the expired text shows and the page redirects after the configured delay.
 *
 * Time is the server's: the offset between the rendered server time and this device's clock is
 * taken once, so a visitor whose clock is minutes off still sees the right countdown, and a page
 * never reloads in a loop because the device thinks an event started that the server has not.
 */
import { formatCountdown } from '../domain/countdown.ts';

function run(element: HTMLElement): void {
  const deadline = Number(element.dataset.deadline);
  const offset = Number(element.dataset.serverNow) - Date.now();
  const units = Object.fromEntries(
    [...element.querySelectorAll<HTMLElement>('[data-unit]')].map((node) => [node.dataset.unit as string, node]),
  );
  const tick = (): boolean => {
    const remaining = deadline - (Date.now() + offset);
    const parts = formatCountdown(remaining);
    for (const [unit, node] of Object.entries(units)) node.textContent = parts[unit as keyof typeof parts];
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

for (const element of document.querySelectorAll<HTMLElement>('[data-countdown]')) run(element);

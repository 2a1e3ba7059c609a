/**
 * The edition form's small behaviours (it works without them; the server decides on save):
 * each timed page shows the controls of its mode; a day window that follows the summit dates
 * moves with them as they are typed, and stops following once its own time is changed; the
 * price presets fill both pass prices with one of the product's readings.
 */
import { deriveDayWindow } from '../domain/edition-dates/day-windows.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function byName<T extends HTMLElement>(form: HTMLFormElement, name: string): T | null {
  return form.querySelector<T>(`[name="${CSS.escape(name)}"]`);
}

function showMode(form: HTMLFormElement, page: string): void {
  const mode = byName<HTMLSelectElement>(form, `timers.${page}.mode`)?.value;
  form.querySelector<HTMLElement>(`[data-timer-live="${page}"]`)?.toggleAttribute('hidden', mode !== 'live');
  form.querySelector<HTMLElement>(`[data-timer-evergreen="${page}"]`)?.toggleAttribute('hidden', mode !== 'evergreen');
}

function followSummit(form: HTMLFormElement): void {
  const summitStartDate = byName<HTMLInputElement>(form, 'summitStartDate')?.value ?? '';
  const summitEndDate = byName<HTMLInputElement>(form, 'summitEndDate')?.value ?? '';
  if (!ISO_DATE.test(summitStartDate) || !ISO_DATE.test(summitEndDate)) return;
  for (const box of form.querySelectorAll<HTMLInputElement>('[data-follows-summit]')) {
    if (!box.checked) continue;
    const window = deriveDayWindow({ summitStartDate, summitEndDate }, Number(box.dataset.followsSummit));
    const page = `day${box.dataset.followsSummit}`;
    for (const field of ['eventStartDate', 'eventEndDate'] as const) {
      const input = byName<HTMLInputElement>(form, `timers.${page}.${field}`);
      if (input) input.value = window[field];
    }
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-edition-form]')) {
  const pages = [...form.querySelectorAll<HTMLElement>('[data-timer]')].map((fieldset) => fieldset.dataset.timer!);
  for (const page of pages) showMode(form, page);
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    const mode = /^timers\.(\w+)\.mode$/.exec(target.name);
    if (mode) showMode(form, mode[1]!);
    if (target.name === 'summitStartDate' || target.name === 'summitEndDate' || target.dataset.followsSummit) followSummit(form);
  });
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    const own = /^timers\.day(\d)\.event(Start|End)Date$/.exec(target.name);
    if (own) {
      const box = form.querySelector<HTMLInputElement>(`[data-follows-summit="${own[1]}"]`);
      if (box) box.checked = false;
    }
    if (target.name === 'summitStartDate' || target.name === 'summitEndDate') followSummit(form);
  });
  form.addEventListener('click', (event) => {
    const preset = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-price-preset]');
    if (!preset) return;
    const fill = JSON.parse(preset.dataset.fill ?? '{}') as Record<string, string>;
    for (const [name, value] of Object.entries(fill)) {
      const input = byName<HTMLInputElement>(form, name);
      if (input) input.value = value;
    }
  });
}

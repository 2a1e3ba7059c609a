/** Copy buttons: [data-copy-from=ID] copies that element's text and shows the 'Copied to clipboard' toast. */
const toast = document.querySelector<HTMLElement>('[data-copy-toast]');
let hideTimer: number | undefined;

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-from]')) {
  button.addEventListener('click', () => void copyFrom(button));
}

async function copyFrom(button: HTMLButtonElement): Promise<void> {
  const source = document.getElementById(button.dataset.copyFrom ?? '');
  if (!source) return;
  await navigator.clipboard.writeText(source.textContent ?? '');
  if (!toast) return;
  toast.hidden = false;
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => (toast.hidden = true), 2500);
}

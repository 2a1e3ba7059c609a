/**
 * Submits the registration form without a page reload: the server answers JSON with the same
 * messages it would render, which go into the same error slots. Without JavaScript the form
 * posts normally.
 */
type Answer = { ok: true; redirect: string } | { ok: false; errors?: Record<string, string>; error?: string };

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-registration-form]')) {
  const timeZone = form.querySelector<HTMLInputElement>('input[data-time-zone]');
  if (timeZone) timeZone.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form);
  });
}

async function submit(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  if (button) button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { accept: 'application/json' },
    });
    const answer = (await response.json()) as Answer;
    if (answer.ok) {
      window.location.assign(answer.redirect);
      return;
    }
    showErrors(form, answer.errors ?? {});
    if (formError) {
      formError.textContent = answer.error ?? '';
      formError.hidden = !answer.error;
    }
  } catch {
    if (formError) {
      formError.textContent = 'We could not reach the server. Please check your connection and try again.';
      formError.hidden = false;
    }
  } finally {
    if (button) button.disabled = false;
  }
}

function showErrors(form: HTMLFormElement, errors: Record<string, string>): void {
  let first: HTMLElement | null = null;
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const field = slot.dataset.errorFor as string;
    const message = errors[field];
    slot.textContent = message ?? '';
    slot.hidden = !message;
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLInputElement) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (message && !first) first = input;
    }
  }
  first?.focus();
}

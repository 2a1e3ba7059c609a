/**
 * The live preview: as the host types, the editor form is posted to the preview frame (the same
 * request the Preview button makes without JavaScript), at most every half second.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-message-editor]')) {
  const button = form.querySelector<HTMLButtonElement>('button[data-preview-button]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => button && form.requestSubmit(button), 500);
  });
}

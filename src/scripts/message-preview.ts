/**
 * The live preview: as the host types, the editor form is posted to the preview frame (the same
 * request the Preview button makes without JavaScript), at most every half second.
 */

/** Whether a control holds something other than what the page was served with. */
function changedSinceServed(control: Element): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  return false;
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-message-editor]')) {
  const button = form.querySelector<HTMLButtonElement>('button[data-preview-button]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const postSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => button && form.requestSubmit(button), 500);
  };
  form.addEventListener('input', postSoon);
  // What the host typed or chose before this script ran (a slow connection) fired no event we
  // heard: the frame still shows the page as served, so post once now.
  if ([...form.elements].some(changedSinceServed)) postSoon();
}

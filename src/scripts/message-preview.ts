/**
 * The live preview: as the host types, the editor form is posted to the preview frame (the same
 * request the Preview button makes without JavaScript), at most every half second.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-message-editor]')) {
  const button = form.querySelector<HTMLButtonElement>('button[data-preview-button]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const postSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => button && form.requestSubmit(button), 500);
  };
  form.addEventListener('input', postSoon);
  // A registrant chosen before this script ran (a slow connection) fired no event we heard: the
  // frame still shows the sample, so post once now.
  const chosen = form.elements.namedItem('previewFor');
  if (chosen instanceof HTMLSelectElement && chosen.value !== 'sample') postSoon();
}

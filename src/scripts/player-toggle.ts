/**
 * The visual-only player placeholder (docs/PRODUCT.md "Episode player and episodes"): clicking a
 * [data-player-toggle] button flips between play and pause. No audio plays.
 */

/** Flips one toggle: aria-pressed and the visible icon. The name stays "Play" (a toggle button's state is aria-pressed). */
export function togglePlayer(button: HTMLElement): void {
  const playing = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(playing));
  button.querySelector('[data-icon="play"]')?.toggleAttribute('hidden', playing);
  button.querySelector('[data-icon="pause"]')?.toggleAttribute('hidden', !playing);
}

/** Binds every toggle under root once (safe to call again). */
export function bindPlayerToggles(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-player-toggle]')) {
    if (!button.dataset.bound) {
      button.dataset.bound = 'true';
      button.addEventListener('click', () => togglePlayer(button));
    }
  }
}

if (typeof document !== 'undefined') bindPlayerToggles(document);

/**
 * What a timed page answers once its window is over (src/layouts/WindowOver.astro): the page
 * itself with the countdown's expired banner and a link on, none of the page's content, and a
 * refresh to the next page after the countdown's delay for a browser without JavaScript.
 */
import { expect } from '@playwright/test';

interface AnswerLike {
  status: number;
  text: string;
}

export function expectWindowOver(
  answer: AnswerLike,
  { location, message, seconds }: { location: string; message: string; seconds: 2 | 3 },
): void {
  expect(answer.status).toBe(200);
  expect(answer.text).toContain(message);
  expect(answer.text).toContain(`<meta http-equiv="refresh" content="${seconds};url=${location}">`);
  expect(answer.text).toContain(`data-redirect="${location}"`);
  expect(answer.text).toMatch(new RegExp(`<a href="${location.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>Continue now</a>`));
  // None of the closed page's content: no player, no audio, no episode.
  expect(answer.text).not.toMatch(/data-episode-player|<audio|<iframe/);
}

/** The live event's and the evergreen window's banners (docs/PRODUCT.md "Access windows and the countdown"). */
export const EVENT_ENDED = (label: string) => `The ${label} event has ended - Redirecting you now...`;
export const ACCESS_OVER = 'Your summit access is now over - Redirecting you now...';

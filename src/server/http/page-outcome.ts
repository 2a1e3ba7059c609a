/**
 * What a form page does after a POST: answer a redirect, show the 404 page, or show the page
 * again with a status and what the form needs (values as typed, messages). Each form page's
 * handler returns one of these, so the page only places the result.
 */
export type PageOutcome<State> =
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  /** A whole answer, such as the JSON of an enhanced submit. */
  | { kind: 'respond'; response: Response }
  | { kind: 'show'; status: number; state: State; headers?: Record<string, string> };

export const redirectTo = (location: string): PageOutcome<never> => ({ kind: 'redirect', location });
export const notFound: PageOutcome<never> = { kind: 'not-found' };
export const respond = (response: Response): PageOutcome<never> => ({ kind: 'respond', response });
export const show = <State>(state: State, status = 200, headers?: Record<string, string>): PageOutcome<State> =>
  headers ? { kind: 'show', status, state, headers } : { kind: 'show', status, state };

/** The page's answer for an outcome that is not shown: a 303 redirect, the 404 page or the response itself. */
export function answerFor(
  outcome: Exclude<PageOutcome<unknown>, { kind: 'show' }>,
  astro: { redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response; rewrite(path: string): Promise<Response> },
): Response | Promise<Response> {
  if (outcome.kind === 'respond') return outcome.response;
  return outcome.kind === 'redirect' ? astro.redirect(outcome.location, 303) : astro.rewrite('/404');
}

/** What a shown outcome's page needs: its status and headers set on the answer, then its state. */
export function shownState<State>(
  outcome: Extract<PageOutcome<State>, { kind: 'show' }>,
  response: { status: number; headers: Headers },
): State {
  response.status = outcome.status;
  for (const [name, value] of Object.entries(outcome.headers ?? {})) response.headers.set(name, value);
  return outcome.state;
}

/**
 * A screen's POST run through its action: the form read (an unreadable one is a problem, never a
 * 500) and 422 when the action was refused. A GET runs nothing.
 */
export async function postedAction<Outcome extends { problem?: string | undefined }>(
  request: Request,
  act: (form: FormData) => Promise<Outcome>,
): Promise<{ outcome: Outcome | { problem?: string }; status: number; acted: boolean }> {
  if (request.method !== 'POST') return { outcome: {}, status: 200, acted: false };
  const form = await request.formData().catch(() => null);
  const outcome = form ? await act(form) : { problem: 'The form could not be read. Please try again.' };
  return { outcome, status: outcome.problem ? 422 : 200, acted: !outcome.problem };
}

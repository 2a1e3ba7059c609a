/**
 * What a personal page (day page, dashboard) does with its loader's answer before rendering: a
 * 404, a redirect or the page filled from its cached shell is answered at once (a Response); a
 * window that is over is rendered as its expired banner (src/layouts/WindowOver.astro);
 * otherwise the page is private to this visitor, and an anonymous visitor's page is rendered once
 * with the slot, which src/middleware.ts caches as this page's shell and fills. A signed-in
 * registrant's page is their own and rendered whole.
 */
import type { AstroGlobal } from 'astro';
import type { PersonalPageResult } from './timed-page.ts';

export async function answerOrRender<Data>(
  astro: AstroGlobal,
  result: PersonalPageResult<Data>,
): Promise<Response | Extract<PersonalPageResult<Data>, { kind: 'page' | 'over' }>> {
  if (result.kind === 'not-found') return astro.rewrite('/404');
  if (result.kind === 'redirect') return astro.redirect(result.location, 302);
  if (result.kind === 'filled') return result.response;
  astro.response.headers.set('cache-control', 'private, no-store');
  if (result.kind === 'over') return result;
  if (result.personal) astro.locals.personalPage = result.personal;
  return result;
}

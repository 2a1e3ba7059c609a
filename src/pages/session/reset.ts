import type { APIRoute } from 'astro';
import { sameSitePath } from '../../domain/url-policy.ts';
import { isHttps, siteOrigin } from '../../server/http/request-origin.ts';
import { forgetVisitorSession } from '../../server/access/visitor-cookie.ts';

/** The reset-session action: forget the visitor's id and reload the page they were on. */
export const POST: APIRoute = async ({ request, cookies, url, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const back = sameSitePath(form.get('return'), siteOrigin({ request, url }));
  forgetVisitorSession(cookies, isHttps(request, url));
  return redirect(back, 303);
};

import type { APIRoute } from 'astro';
import { isHttps } from '../../server/http/request-origin.ts';
import { forgetVisitorSession } from '../../server/sessions/visitor.ts';

/** The reset-session action: forget the visitor's id and reload the page they were on. */
export const POST: APIRoute = async ({ request, cookies, url, redirect }) => {
  const form = await request.formData().catch(() => new FormData());
  const target = form.get('return');
  const back = typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : '/';
  forgetVisitorSession(cookies, isHttps(request, url));
  return redirect(back, 303);
};

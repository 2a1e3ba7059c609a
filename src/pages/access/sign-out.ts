/** POST /access/sign-out: forgets the registrant on this browser and goes home. */
import type { APIRoute } from 'astro';
import { signOut } from '../../server/access/registrant-session.ts';
import { isHttps } from '../../server/http/request-origin.ts';

export const POST: APIRoute = ({ cookies, request, url, redirect }) => {
  signOut(cookies, isHttps(request, url));
  return redirect('/', 303);
};

/** The POST of /admin: signing in with an e-mail or phone and a password, then on to `next`. */
import type { AstroCookies } from 'astro';
import { recordAudit } from '../audit/audit-log.ts';
import { findSessionUser, setSessionCookie } from './sessions.ts';
import { signIn } from './sign-in.ts';
import type { Database } from '../db/client.ts';
import { clientAddress, isHttps } from '../http/request-origin.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { adminNextPath } from '../../domain/url-policy.ts';

export interface SignInPageState {
  identifier: string;
  next: string;
  message?: string | undefined;
}

export const emptySignInPage = (url: URL): SignInPageState => ({ identifier: '', next: adminNextPath(url.searchParams.get('next')) });

interface SignInRequest {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  clientAddress: string;
}

export async function handleSignInPost(
  db: Database,
  { request, url, cookies, clientAddress: socketAddress }: SignInRequest,
): Promise<PageOutcome<SignInPageState>> {
  const form = await request.formData().catch(() => new FormData());
  const identifier = String(form.get('identifier') ?? '').slice(0, 320);
  const next = adminNextPath(form.get('next'));
  const result = await signIn({
    db,
    identifierRaw: identifier,
    password: String(form.get('password') ?? ''),
    address: clientAddress(request, socketAddress),
  });
  if (!result.ok) return show({ identifier, next, message: result.message }, result.status);
  setSessionCookie(cookies, result.token, isHttps(request, url));
  const admin = await findSessionUser(db, result.token);
  if (admin) await recordAudit(db, admin, { action: 'sign-in', entityType: 'admin', entityId: admin.id, summary: 'Signed in' });
  return redirectTo(next);
}

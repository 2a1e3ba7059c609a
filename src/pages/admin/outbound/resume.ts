/** The "Resume sending" button of the admin banner shown while everything outbound is paused (docs/decisions/0075). */
import type { APIRoute } from 'astro';
import { getDatabase } from '../../../server/db/index.ts';
import { adminReturnPath, resumeSending } from '../../../server/outbound/resume-sending.ts';

export const POST: APIRoute = async ({ locals, request, redirect }) => {
  if (!locals.admin) return new Response('Sign in first', { status: 403 });
  const form = await request.formData().catch(() => null);
  const { db } = await getDatabase();
  await resumeSending(db, locals.admin);
  return redirect(adminReturnPath(form?.get('back')), 303);
};

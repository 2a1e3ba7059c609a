import type { APIRoute } from 'astro';
import { getDatabase } from '../../../server/db/index.ts';
import { callProcedure } from '../../../server/sessions/procedures.ts';

export const POST: APIRoute = ({ params, request }) =>
  callProcedure(async () => (await getDatabase()).db, params.procedure ?? '', request);

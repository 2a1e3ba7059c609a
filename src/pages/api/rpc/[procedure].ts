import type { APIRoute } from 'astro';
import { getDatabase } from '../../../server/db/index.ts';
import { clientAddress } from '../../../server/http/request-origin.ts';
import { callProcedure } from '../../../server/access/session-procedures-http.ts';

export const POST: APIRoute = ({ params, request, clientAddress: socketAddress }) =>
  callProcedure({
    getDb: async () => (await getDatabase()).db,
    name: params.procedure ?? '',
    request,
    address: clientAddress(request, socketAddress),
  });

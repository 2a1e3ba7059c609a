import type { APIRoute } from 'astro';
import { getDatabase } from '../../../server/db/index.ts';
import { clientAddress } from '../../../server/http/request-origin.ts';
import { getStorage } from '../../../server/uploads/upload-storage.ts';
import { uploadLogo, uploadPolicy } from '../../../server/uploads/logo-upload.ts';

export const POST: APIRoute = async ({ request, clientAddress: socketAddress, locals }) =>
  uploadLogo(request, clientAddress(request, socketAddress), (await getDatabase()).db, getStorage(), uploadPolicy(locals.config));

import type { APIRoute } from 'astro';
import { ADMIN_COOKIE, findSessionUser } from '../../../server/auth/sessions.ts';
import { getDatabase } from '../../../server/db/index.ts';
import { clientAddress } from '../../../server/http/request-origin.ts';
import { getStorage } from '../../../server/uploads/upload-storage.ts';
import { uploadLogo, uploadPolicy } from '../../../server/uploads/logo-upload.ts';

export const POST: APIRoute = async ({ request, clientAddress: socketAddress, locals, cookies }) => {
  const { db } = await getDatabase();
  // Open to anyone; a signed-in admin is not held to the anonymous uploads' quota.
  const byAdmin = (await findSessionUser(db, cookies.get(ADMIN_COOKIE)?.value)) !== null;
  return uploadLogo({
    request,
    address: clientAddress(request, socketAddress),
    db,
    storage: getStorage(),
    policy: uploadPolicy(locals.config),
    byAdmin,
  });
};

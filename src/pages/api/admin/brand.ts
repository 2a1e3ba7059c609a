/** POST /api/admin/brand: a signed-in admin makes a brand configuration the site's brand. */
import type { APIRoute } from 'astro';
import { handleApplyBrand } from '../../../server/brand/apply-brand.ts';
import { getDatabase } from '../../../server/db/index.ts';

export const POST: APIRoute = async ({ request, locals }) => handleApplyBrand(request, locals.admin, await getDatabase());

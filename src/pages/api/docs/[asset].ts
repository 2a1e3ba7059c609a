/** /api/docs/swagger-ui.css and /api/docs/swagger-ui-bundle.js: the API reference's files (src/server/api/docs-assets.ts). */
import type { APIRoute } from 'astro';
import { docsAsset } from '../../../server/api/docs-assets.ts';

export const GET: APIRoute = async ({ params, rewrite }) => (await docsAsset(params.asset ?? '')) ?? rewrite('/404');

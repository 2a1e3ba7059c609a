/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (src/server/api/openapi.ts), public like /api/docs. */
import type { APIRoute } from 'astro';
import { openApiJson } from '../../../server/api/openapi.ts';

export const GET: APIRoute = () =>
  new Response(openApiJson(), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' } });

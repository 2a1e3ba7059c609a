import type { APIRoute } from 'astro';
import { checkHealth } from '../server/health.ts';
import { json } from '../server/http/responses.ts';

export const GET: APIRoute = async () => {
  const health = await checkHealth();
  return json(health.status === 'ok' ? 200 : 503, health);
};

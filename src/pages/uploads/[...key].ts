import type { APIRoute } from 'astro';
import { serveUpload } from '../../server/uploads/serve-upload.ts';

export const GET: APIRoute = ({ params }) => serveUpload(params.key ?? '');

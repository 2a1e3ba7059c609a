/** The admin's downloads of an edition's data (its JSON document, its archive, its speakers CSV): one route shape. */
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';

interface EditionDownload {
  /** The file's text or stream (an archive is never whole in memory), or null when there is no edition with the slug (the 404 page). */
  read(db: Database, slug: string): Promise<string | Readable | null>;
  contentType: string;
  fileName(slug: string): string;
}

/** GET /admin/editions/{slug}/…: the file as an attachment. */
export function editionDownloadRoute({ read, contentType, fileName }: EditionDownload): APIRoute {
  return async ({ params, rewrite }) => {
    const slug = params.slug ?? '';
    const file = await read((await getDatabase()).db, slug);
    if (file === null) return rewrite('/404');
    const body = typeof file === 'string' ? file : (Readable.toWeb(file) as ReadableStream<Uint8Array>);
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': contentType,
        'content-disposition': `attachment; filename="${fileName(slug)}"`,
      },
    });
  };
}

/**
 * POST /admin/editions/archive: an edition archive (.zip with its audio) arrives (docs/decisions/0035).
 * It runs on the Node server before Astro, as the episode upload does, because an archive may be
 * gigabytes: it streams to disk (staged-archives.ts) under EDITION_ARCHIVE_LIMIT_MB, past the
 * 4 MB every other request body keeps. It does the admin guard's work itself (node-admin.ts).
 * Every outcome is a 303 back to the editions screen, which imports a received archive with its
 * ordinary form (and lists any problem, as for a JSON file).
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { formatMegabytes } from '../../domain/podcast/audio-formats.ts';
import { adminOfNodeRequest, isSameOriginForm } from '../auth/node-admin.ts';
import { getDatabase } from '../db/index.ts';
import type { Env } from '../env.ts';
import { refuseText, seeOther } from '../http/node-answers.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { log } from '../log.ts';
import { discardStagedArchive, newStagedArchive } from './staged-archives.ts';
import { FRONT_DOOR_PATHS } from '../../domain/front-door-paths.ts';

const PATH = FRONT_DOOR_PATHS.editionArchiveUpload;
const FORM_OVERHEAD_BYTES = 64 * 1024;
const BACK = '/admin/editions';

export function archiveLimitBytes(config: Pick<Env, 'EDITION_ARCHIVE_LIMIT_MB'>): number {
  return config.EDITION_ARCHIVE_LIMIT_MB * 1_000_000;
}

type Received = { kind: 'staged'; id: string } | { kind: 'too-large' } | { kind: 'no-file' };

/** Streams the form's `archive` file to a staged archive; the rest of the form is ignored. */
function receiveArchive(req: IncomingMessage, limit: number): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fields: 10, fieldSize: 1000, files: 1, parts: 12, fileSize: limit } });
    } catch (error) {
      return reject(error); // not a multipart form
    }
    let receiving: Promise<Received> = Promise.resolve({ kind: 'no-file' });
    parser.on('file', (name, stream, info) => {
      if (name !== 'archive' || !info.filename) return void stream.resume();
      receiving = (async () => {
        const staged = await newStagedArchive();
        await pipeline(stream, fs.createWriteStream(staged.file));
        if (!(stream as { truncated?: boolean }).truncated) return { kind: 'staged', id: staged.id };
        await discardStagedArchive(staged.id);
        return { kind: 'too-large' };
      })();
    });
    parser.on('error', reject);
    parser.on('close', () => void receiving.then(resolve, reject));
    req.on('error', reject);
    req.pipe(parser);
  });
}

async function handle(req: IncomingMessage, res: Parameters<NodeHandler>[1], limit: number): Promise<void> {
  const database = await getDatabase();
  if (!(await adminOfNodeRequest(database.db, req))) return seeOther(res, `/admin?next=${encodeURIComponent(BACK)}`);
  if (!isSameOriginForm(req)) return refuseText(res, 403, 'Cross-site requests to the admin are refused.');
  if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD_BYTES) {
    req.resume();
    return refuseText(res, 413, `The archive is larger than the limit of ${formatMegabytes(limit)} (EDITION_ARCHIVE_LIMIT_MB).`);
  }
  const received = await receiveArchive(req, limit);
  if (received.kind === 'staged') return seeOther(res, `${BACK}?archive=${received.id}#import-archive-heading`);
  return seeOther(res, `${BACK}?archive-problem=${received.kind}#import-archive-heading`);
}

/** `limit`: the largest archive in bytes (archiveLimitBytes). */
export function archiveUploadRoute(next: NodeHandler, limit: number): NodeHandler {
  return (req, res) => {
    if (req.method !== 'POST' || !PATH.test((req.url ?? '').split('?')[0] ?? '')) return next(req, res);
    handle(req, res, limit).catch((error: unknown) => {
      log.error({ err: error, path: req.url }, 'edition archive upload failed');
      if (!res.headersSent) seeOther(res, `${BACK}?archive-problem=bad-request#import-archive-heading`);
      else res.destroy();
    });
  };
}

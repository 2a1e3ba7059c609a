/**
 * How `npm run admin:create` reaches a running site on the embedded database. PGlite lets one
 * process open the data folder (db/folder-lock.ts), so while the site runs, the command asks the
 * site to create the admin, over a Unix socket in DATA_DIR that only the folder's owner may open
 * (mode 0600): whoever can use it could open the database files anyway. One JSON line each way,
 * at most 4 KB; the password never reaches a log. `npm run token:create` asks it the same way.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseIdentifier } from '../../domain/sign-in.ts';
import { upsertAdmin } from '../auth/accounts.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { createTokenFromCommand } from '../api/token-command.ts';

export const adminSocketPath = (dataDir: string): string => path.join(dataDir, 'admin.sock');

/** What the command sends: the e-mail or phone as typed, and the password. */
export interface AdminRequest {
  identifier: string;
  password: string;
}

/** What `npm run token:create` sends (docs/decisions/0060): the token's name, scope and edition, unchecked. */
export interface TokenRequest {
  kind: 'token';
  name: string;
  scope: string;
  edition: string;
}

/**
 * What `npm run backup` sends: copy the database folder into `into` while serving
 * (src/server/db/online-copy.ts; docs/decisions/0061).
 */
export interface CopyRequest {
  command: 'copy-database';
  into: string;
}

export type CopyAnswer = { ok: true; ms: number } | { ok: false; message: string };

/** What the site does for the commands besides admin:create. */
export interface SocketServices {
  copyDatabase?: (into: string) => Promise<{ ms: number; pausedMs: number }>;
}

/** What the site answers: the account, and the address to sign in at. */
export type AdminAnswer = { ok: true; created: boolean; identifier: string; signInUrl: string } | { ok: false; message: string };

/** What the site answers a token request: the token, shown this once. */
export type TokenAnswer = { ok: true; token: string } | { ok: false; message: string };

export const MAX_LINE_BYTES = 4096;

async function copyDatabase(services: SocketServices, request: Partial<CopyRequest>): Promise<CopyAnswer> {
  if (!services.copyDatabase) return { ok: false, message: 'This site cannot copy its database while it runs.' };
  if (typeof request.into !== 'string' || !path.isAbsolute(request.into)) return { ok: false, message: 'Name the folder to copy into.' };
  try {
    const { ms, pausedMs } = await services.copyDatabase(request.into);
    log.info({ into: request.into, ms, pausedMs }, 'database copied for a backup');
    return { ok: true, ms };
  } catch (error) {
    log.warn({ err: error }, 'the database could not be copied for a backup');
    return { ok: false, message: error instanceof Error ? error.message : 'The database could not be copied.' };
  }
}

async function answer(
  db: Database,
  line: string,
  site: { siteUrl: string } & SocketServices,
): Promise<AdminAnswer | TokenAnswer | CopyAnswer> {
  const { siteUrl } = site;
  let request: Partial<AdminRequest> & Partial<TokenRequest> & Partial<CopyRequest>;
  try {
    request = JSON.parse(line) as Partial<AdminRequest> & Partial<TokenRequest> & Partial<CopyRequest>;
  } catch {
    return { ok: false, message: 'The request could not be read.' };
  }
  if (request.kind === 'token') return makeToken(db, request);
  if (request.command === 'copy-database') return copyDatabase(site, request);
  const identifier = parseIdentifier(typeof request.identifier === 'string' ? request.identifier : '');
  if (!identifier || typeof request.password !== 'string')
    return { ok: false, message: 'Give an e-mail address or phone number and a password.' };
  try {
    const { created } = await upsertAdmin(db, identifier, request.password);
    log.info({ admin: identifier.value, created }, 'admin account set from the command line');
    return { ok: true, created, identifier: identifier.value, signInUrl: `${siteUrl}/admin` };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : 'The admin could not be saved.' };
  }
}

async function makeToken(db: Database, request: Partial<TokenRequest>): Promise<TokenAnswer> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const made = await createTokenFromCommand(db, { name: text(request.name), scope: text(request.scope), edition: text(request.edition) });
  if (made.ok) log.info('API token made from the command line');
  return made;
}

function serve(db: Database, site: { siteUrl: string } & SocketServices) {
  return (socket: net.Socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_LINE_BYTES)
        return void socket.end(`${JSON.stringify({ ok: false, message: 'The request is too long.' })}\n`);
      const end = received.indexOf('\n');
      if (end === -1) return;
      socket.pause();
      // A large database takes longer to copy than a request may stay idle.
      socket.setTimeout(0);
      void answer(db, received.slice(0, end), site).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  };
}

/** Opens the socket (a stale one left by a process that died is replaced: this process holds the folder's lock). */
export async function startAdminSocket(
  db: Database,
  { dataDir, siteUrl, ...services }: { dataDir: string; siteUrl: string } & SocketServices,
): Promise<{ stop(): Promise<void> }> {
  const file = adminSocketPath(dataDir);
  fs.rmSync(file, { force: true });
  const server = net.createServer(serve(db, { siteUrl, ...services }));
  // Created owner-only from the start (the umask covers the moment between bind and chmod).
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } catch (error) {
    log.warn({ err: error, socket: file }, 'admin:create cannot reach this site while it runs (the socket could not be opened)');
    return { stop: async () => {} };
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(file, 0o600);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** The command's side: asks the site running on `dataDir` to create or update the admin, make an API token, or copy its database. */
export async function askRunningSite(dataDir: string, request: AdminRequest): Promise<AdminAnswer>;
export async function askRunningSite(dataDir: string, request: TokenRequest): Promise<TokenAnswer>;
export async function askRunningSite(dataDir: string, request: CopyRequest): Promise<CopyAnswer>;
export async function askRunningSite(
  dataDir: string,
  request: AdminRequest | TokenRequest | CopyRequest,
): Promise<AdminAnswer | TokenAnswer | CopyAnswer> {
  const socket = net.connect(adminSocketPath(dataDir));
  socket.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('error', reject);
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as AdminAnswer | TokenAnswer);
      } catch {
        reject(new Error('The running site gave no answer.'));
      }
    });
    // Not half-closed: the site ends the connection once it has answered.
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

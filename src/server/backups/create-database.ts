/**
 * The move to Postgres into a database that does not exist yet: made for the host when their role
 * may create databases, otherwise refused with the exact `createdb` command to run (the Postgres
 * error alone said the server "cannot be reached", which sent hosts looking at the network).
 */
import pg from 'pg';
import { MoveRefused } from './move-refused.ts';

/** Postgres's SQLSTATEs: the database named does not exist; the role may not create one. */
const NO_SUCH_DATABASE = '3D000';
const NOT_ALLOWED = '42501';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The `createdb` command for this address, with its host, port and role (never its password). */
export function createdbCommand(url: string): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  const parts = ['createdb', '-h', parsed.hostname || 'localhost', '-p', parsed.port || '5432'];
  if (parsed.username) parts.push('-U', decodeURIComponent(parsed.username));
  parts.push(name);
  return parts.map((part) => (/^[\w.@:/-]+$/.test(part) ? part : `'${part.replaceAll("'", "'\\''")}'`)).join(' ');
}

async function connects(url: string): Promise<true | { code?: string; message: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return error as { code?: string; message: string };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Makes the database the address names when it is missing; other failures are left to the caller's connection. */
export async function createDatabaseIfMissing(url: string): Promise<'created' | 'exists' | 'unknown'> {
  const outcome = await connects(url);
  if (outcome === true) return 'exists';
  if (outcome.code !== NO_SUCH_DATABASE) return 'unknown';
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${quoted(name)}`);
    return 'created';
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === NOT_ALLOWED ? 'your role may not create databases' : (error as Error).message;
    throw new MoveRefused(
      `The database "${name}" does not exist and could not be created (${why}). Create it, then run the move again:\n  ${createdbCommand(url)}\nNothing was changed.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

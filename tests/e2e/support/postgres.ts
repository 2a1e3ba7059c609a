/** A throwaway Postgres database for process-level tests, on the TEST_DATABASE_URL server. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Why a Postgres-only test is skipped: it is listed as skipped, never left out, when no server is given. */
export const NEEDS_POSTGRES = 'needs TEST_DATABASE_URL (a Postgres server to create scratch databases on)';

export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `summit_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

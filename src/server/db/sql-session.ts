/**
 * Plain SQL in one transaction on either driver, for the work that goes below the schema: backups,
 * restores and the move to Postgres copy every table whatever it holds (docs/decisions/0061).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface TransactOptions {
  /** One REPEATABLE READ, read-only snapshot: every table as of the same instant. */
  snapshot?: boolean;
}

export type Transact = <T>(work: (session: SqlSession) => Promise<T>, options?: TransactOptions) => Promise<T>;

const beginning = (options: TransactOptions | undefined) =>
  options?.snapshot ? 'set transaction isolation level repeatable read, read only' : 'select 1';

export function pgliteTransact(client: PGlite): Transact {
  return (work, options) =>
    client.transaction(async (tx) => {
      await tx.query(beginning(options));
      // Timestamps written out the same whichever server's time zone.
      await tx.query(`set local timezone = 'UTC'`);
      return work({ query: (text, params) => tx.query(text, params) as never });
    });
}

export function postgresTransact(pool: pg.Pool): Transact {
  return async (work, options) => {
    const client = await pool.connect();
    try {
      await client.query(options?.snapshot ? 'begin isolation level repeatable read, read only' : 'begin');
      await client.query(`set local timezone = 'UTC'`);
      // Copying a large table takes longer than a request may.
      await client.query('set local statement_timeout = 0');
      const result = await work({ query: (text, params) => client.query(text, params) as never });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

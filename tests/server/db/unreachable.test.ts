import { randomBytes } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../../src/server/db/unreachable.ts';
import { testDatabases } from '../../support/databases.ts';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['connection refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', coded('ECONNRESET')],
    ['a host that does not resolve', coded('ENOTFOUND')],
    ['our session ended by an administrator (pg_terminate_backend)', coded('57P01', 'terminating connection due to administrator command')],
    ['the server starting up or in recovery', coded('57P03', 'the database system is starting up')],
    ['too many connections', coded('53300')],
    ['the database dropped', coded('3D000', 'database "x" does not exist')],
    ['a connection exception', coded('08006')],
    ['a database closed to connections', coded('55000', 'database "summit" is not currently accepting connections')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['a pool connect that timed out', new Error('timeout exceeded when trying to connect')],
    ['a failed query wrapped by Drizzle', new DrizzleQueryError('select 1', [], coded('ECONNREFUSED') as Error)],
    ['several failed connection attempts', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', coded('42601')],
    ['another 55000 (a query, not a connection)', coded('55000', 'currval of sequence "x" is not yet defined in this session')],
    ['a failed query wrapped by Drizzle', new DrizzleQueryError('select 1', [], coded('22P02') as Error)],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  // The real driver's errors: a database closed to connections (what the outage test does), one
  // that does not exist, and a port where nothing listens.
  const postgres = testDatabases.find((database) => database.name === 'postgres');
  it.skipIf(!postgres)('is true for what node-postgres throws when the database refuses connections or nothing listens', async () => {
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    const failure = async (address: URL) => {
      const pool = new pg.Pool({ connectionString: address.toString() });
      pool.on('error', () => {});
      const error = await pool.query('select 1').then(
        () => null,
        (caught: unknown) => caught,
      );
      await pool.end();
      return error;
    };
    const name = `summit_test_${randomBytes(6).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    await admin(`create database ${name}`);
    try {
      await admin(`alter database ${name} allow_connections false`);
      const closed = await failure(url);
      expect(closed).toMatchObject({ code: '55000' });
      expect(isDatabaseUnreachable(closed)).toBe(true);
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
    const missing = await failure(url);
    expect(missing).toMatchObject({ code: '3D000' });
    expect(isDatabaseUnreachable(missing)).toBe(true);
    url.port = '1';
    const nobody = await failure(url);
    expect(isDatabaseUnreachable(nobody)).toBe(true);
  });
});

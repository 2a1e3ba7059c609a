/**
 * Registrant imports run as background jobs (docs/decisions/0076): one row per import, its
 * progress written in the same transaction as each committed slice, so what the row says was
 * committed is exactly what the database holds, even when the process died mid-import.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { parsedJsonb } from './parsed-jsonb.ts';

export const importJobStatuses = ['running', 'done', 'failed', 'stopped'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

export const importJobs = pgTable(
  'import_jobs',
  {
    id: identityId(),
    /** What "one import per edition at a time" locks: the edition's slug, or `*` for an import naming editions row by row. */
    lockKey: text('lock_key').notNull(),
    status: text('status', { enum: importJobStatuses }).notNull().default('running'),
    actor: text('actor').notNull(),
    sendEmail: boolean('send_email').notNull().default(false),
    /** Each row reported to webhooks and lists as its own event, rather than one registrants.imported. */
    eachRow: boolean('each_row').notNull().default(false),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    /** The file's last row (as a spreadsheet numbers it) whose slice is committed: every row up to it is in. */
    committedThroughRow: integer('committed_through_row').notNull().default(1),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** The report (ImportReport) once the import is done. */
    report: parsedJsonb('import_jobs', 'report', { schema: z.record(z.string(), z.unknown()) }),
    error: text('error'),
    /** Written with every slice: a running job silent for long is a process that died. */
    heartbeatAt: timestampTz('heartbeat_at').notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    uniqueIndex('import_jobs_one_running')
      .on(t.lockKey)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * What a backup file holds (docs/decisions/0061): a zip of `tables/{table}.jsonl` (one JSON row a
 * line, src/server/backups/tables.ts), `uploads/{key}` (the local media) and `manifest.json`,
 * written last, which names every other entry with its size or row count and its SHA-256.
 */
export const BACKUP_FORMAT = 'summit-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database it was taken from. */
  driver: 'pglite' | 'postgres';
  schema: { migrations: number; tag: string | null };
  /** In the order they are restored (each after the tables it refers to). */
  tables: { name: string; rows: number; sha256: string }[];
  sequences: Record<string, number | null>;
  files: { key: string; bytes: number; sha256: string }[];
}

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (key: string) => `uploads/${key}`;

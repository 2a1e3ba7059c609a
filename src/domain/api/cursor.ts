/**
 * The API's page cursors (docs/decisions/0060): the (updated_at, id) of the last row of a page,
 * kept as the database printed the time (microseconds), so the next page starts exactly after it
 * whatever was added meanwhile. Opaque to clients (base64url); a cursor that does not decode is
 * refused as a bad parameter, never a 500: also one well formed but forged, whose time is no
 * moment the database holds (instant.ts) or whose id is past the column's range.
 */
import { apiInstant } from './instant.ts';

/** The largest id the database's integer columns hold. */
const MAX_ID = 2_147_483_647;
export interface Cursor {
  /** updated_at as text with microseconds, UTC: 2026-11-27T10:00:00.123456Z */
  at: string;
  id: number;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.at}|${cursor.id}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  try {
    return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
}

export function decodeCursor(text: string): Cursor | null {
  if (text.length > 100 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const [at, id, ...rest] = (fromBase64Url(text) ?? '').split('|');
  const number = Number(id);
  if (rest.length || !at || !AT.test(at) || !apiInstant(at)) return null;
  if (!Number.isSafeInteger(number) || number < 1 || number > MAX_ID) return null;
  return { at, id: number };
}

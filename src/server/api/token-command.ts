/** An API token made from the command line (`npm run token:create`, docs/decisions/0060), checked as the admin's form checks it. */
import { parseTokenInput } from '../../domain/api/token-input.ts';
import type { Database } from '../db/client.ts';
import { createApiToken } from './tokens.ts';

export const COMMAND_ACTOR = 'Command line';

export async function createTokenFromCommand(
  db: Database,
  raw: { name: string; scope: string; edition: string },
): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const input = parseTokenInput(raw);
  const made = input.ok ? await createApiToken(db, input.value, COMMAND_ACTOR) : input;
  if (!made.ok) return { ok: false, message: Object.values(made.errors).join(' ') };
  return { ok: true, token: made.token };
}

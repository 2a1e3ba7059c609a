/**
 * What the admin (or `npm run token:create`) gives to make an API token (docs/decisions/0060): a
 * name to recognise it by, its scope (read, or read and write) and optionally one edition.
 * Every problem is a message at its field.
 */
import { z } from 'zod';
import { oneLineName } from '../one-line-name.ts';

export const API_TOKEN_PREFIX = 'sat_';
export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

export interface TokenInput {
  name: string;
  scope: TokenScope;
  /** An edition slug, or null for every edition. */
  edition: string | null;
}

export type TokenInputErrors = Partial<Record<keyof TokenInput, string>>;

const schema = z.object({
  name: z
    .string()
    .transform(oneLineName)
    .pipe(z.string().min(1, 'Give the token a name, such as “Zapier” or “ThriveCart”.').max(100, 'Keep the name under 100 characters.')),
  scope: z.enum(tokenScopes, 'Choose read or write.'),
  edition: z
    .string()
    .trim()
    .transform((slug) => (slug === '' ? null : slug)),
});

export function parseTokenInput(raw: {
  name: string;
  scope: string;
  edition: string;
}): { ok: true; value: TokenInput } | { ok: false; errors: TokenInputErrors } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: TokenInputErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TokenInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** What Admin → API tokens shows (docs/decisions/0060). */
import { z } from 'zod';
import type { TokenInputErrors, TokenScope } from './token-input.ts';

export interface ApiTokenView {
  id: number;
  name: string;
  scope: TokenScope;
  /** The edition's slug; null: every edition. */
  edition: string | null;
  /** The token's first characters, to tell tokens apart. */
  hint: string;
  /** UTC, "YYYY-MM-DD HH:MM". */
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ApiTokensFormState {
  values: { name: string; scope: string; edition: string };
  errors: TokenInputErrors;
}

/** UTC "YYYY-MM-DD HH:MM", as the screen shows times. */
export const minuteUtc = (at: Date): string => at.toISOString().replace('T', ' ').slice(0, 16);

/** What a POST to /admin/api-tokens may ask for. */
export const apiTokenActions = z.enum(['create', 'revoke']);
export type ApiTokenAction = z.infer<typeof apiTokenActions>;

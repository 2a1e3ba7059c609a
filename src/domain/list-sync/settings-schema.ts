/**
 * An e-mail list connection's settings as the endpoint row keeps them (webhook_endpoints.settings):
 * the rules, each a trigger and what to set at the provider. Read through this schema on every
 * read (docs/decisions/0073), so a rule the code cannot follow is refused, not sent.
 */
import { z } from 'zod';
import { passKinds } from '../passes.ts';
import type { ListSyncSettings } from './providers.ts';

const listTrigger = z.union([
  z.literal('registered'),
  z.templateLiteral(['pass:', z.enum(passKinds)]),
  z.templateLiteral(['listened:', z.number().int().min(1)]),
]);

const listRule = z.object({ on: listTrigger, list: z.string(), tag: z.string(), field: z.string(), value: z.string() });

export const listSyncSettingsSchema = z.object({ rules: z.array(listRule) }) satisfies z.ZodType<ListSyncSettings>;

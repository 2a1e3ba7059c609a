/**
 * From a schema's issues to the messages a form shows beside its fields: the one formatter every
 * form uses (registration, the admin's content and edition forms, the brand configurator).
 * A field is named by its issue path joined with dots ("socialLinks.instagram").
 */
import type { z } from 'zod';

export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
}

export function fieldNameOf(issue: FormIssue): string {
  return issue.path.map(String).join('.');
}

/** The first message for each field, by field name. */
export function firstMessageByField(issues: readonly FormIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[fieldNameOf(issue)] ??= issue.message;
  return messages;
}

/** Every message for each field, by field name. */
export function messagesByField(issues: readonly FormIssue[]): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const issue of issues) (messages[fieldNameOf(issue)] ??= []).push(issue.message);
  return messages;
}

export type FormParse<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Parses what a form holds with its schema: the data, or the first message per field. */
export function parseFormValues<S extends z.ZodType>(schema: S, values: unknown): FormParse<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstMessageByField(result.error.issues) };
}

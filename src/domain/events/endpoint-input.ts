/**
 * What the admin types to add a webhook endpoint (docs/decisions/0058): an https address (http
 * only where private addresses are allowed, for a receiver on this machine), at least one known
 * event, and optionally one edition. Every problem is a message at its field.
 */
import { z } from 'zod';
import { isEventType, type EventType } from './catalogue.ts';

export interface EndpointInput {
  url: string;
  events: EventType[];
  editionId: number | null;
}

export type EndpointInputResult =
  { ok: true; value: EndpointInput } | { ok: false; errors: Partial<Record<'url' | 'events' | 'editionId', string>> };

const editionIdSchema = z.coerce.number().int().positive();

export function parseEndpointInput(
  raw: { url: string; events: string[]; editionId: string },
  options: { allowPrivate: boolean },
): EndpointInputResult {
  const errors: Partial<Record<'url' | 'events' | 'editionId', string>> = {};
  const url = raw.url.trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    errors.url = 'Enter a full address, such as https://hooks.example.com/summit.';
  }
  if (parsed && parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:')) {
    errors.url = 'The address must start with https://.';
  } else if (parsed && (parsed.username || parsed.password)) {
    errors.url = 'Leave the user name and password out of the address.';
  } else if (url.length > 2000) {
    errors.url = 'The address is longer than 2,000 characters.';
  }
  const unknown = raw.events.filter((event) => !isEventType(event));
  if (unknown.length) errors.events = `Unknown event: ${unknown.join(', ')}.`;
  else if (!raw.events.length) errors.events = 'Choose at least one event to send.';
  const edition = raw.editionId.trim() === '' ? null : editionIdSchema.safeParse(raw.editionId);
  if (edition && !edition.success) errors.editionId = 'Choose an edition from the list.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { url, events: [...new Set(raw.events as EventType[])], editionId: edition?.data ?? null } };
}

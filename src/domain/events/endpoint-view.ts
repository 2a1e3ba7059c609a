/** What /admin/webhooks shows of an endpoint and its add form (docs/decisions/0058). */
import { z } from 'zod';
import type { EventType } from './catalogue.ts';

export interface WebhookLogLine {
  deliveryId: number;
  /** UTC, "YYYY-MM-DD HH:MM:SS". */
  at: string;
  type: string;
  /** Null when no answer came (refused, timed out, cut off). */
  status: number | null;
  durationMs: number;
  answer: string;
  /** An e-mail list delivery with nothing to send (no consent, no rule). */
  skipped: boolean;
}

/**
 * An endpoint's state (a webhook receiver's or an e-mail list connection's), once, with the
 * words its card says: the database column's values, the views' types and labels come from here.
 * `disabled` is the site's doing (a 410, too many failures in a row), `paused` the host's.
 */
export const ENDPOINT_STATUS = { active: 'Active', paused: 'Paused', disabled: 'Switched off' } as const;
export type EndpointStatus = keyof typeof ENDPOINT_STATUS;
/** The states as the database column's enum takes them. */
export const endpointStatuses = Object.keys(ENDPOINT_STATUS) as [EndpointStatus, ...EndpointStatus[]];

export interface WebhookEndpointView {
  id: number;
  url: string;
  events: EventType[];
  /** The edition's slug; null: every edition. */
  edition: string | null;
  status: EndpointStatus;
  disabledReason: string | null;
  log: WebhookLogLine[];
}

export interface WebhooksFormState {
  values: { url: string; events: string[]; edition: string };
  errors: Partial<Record<'url' | 'events' | 'editionId', string>>;
}

/** What a POST to /admin/webhooks may ask for. */
export const webhookActions = z.enum(['add', 'test', 'rotate', 'pause', 'resume', 'delete', 'resend']);
export type WebhookAction = z.infer<typeof webhookActions>;

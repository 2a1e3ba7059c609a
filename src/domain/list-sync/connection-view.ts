/** What Admin → Integrations shows of an e-mail list connection and its form (docs/decisions/0059). */
import { z } from 'zod';
import type { EndpointStatus, WebhookLogLine } from '../events/endpoint-view.ts';
import type { ListProvider, ListRule } from './providers.ts';

export interface ConnectionErrorLine {
  /** UTC, "YYYY-MM-DD HH:MM:SS". */
  at: string;
  status: number | null;
  answer: string;
}

export interface ListConnectionView {
  id: number;
  provider: ListProvider;
  accountUrl: string;
  /** The edition's slug; null: every edition. */
  edition: string | null;
  status: EndpointStatus;
  disabledReason: string | null;
  /** The key's last four characters, so the host can tell which key is in use. */
  keyEnding: string;
  rules: ListRule[];
  errors: ConnectionErrorLine[];
  log: WebhookLogLine[];
}

export interface ConnectionFormState {
  /** Null: a new connection. */
  id: number | null;
  values: { provider: string; accountUrl: string; edition: string; rules: Record<string, string> };
  errors: Record<string, string>;
}

/** The connect form as it starts: Kit chosen, nothing typed. */
export const emptyConnectionForm: ConnectionFormState = {
  id: null,
  values: { provider: 'kit', accountUrl: '', edition: '', rules: {} },
  errors: {},
};

/** What a POST to /admin/integrations may ask for. */
export const integrationActions = z.enum(['save', 'pause', 'resume', 'delete', 'resend']);
export type IntegrationAction = z.infer<typeof integrationActions>;

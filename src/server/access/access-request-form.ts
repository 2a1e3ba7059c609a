/**
 * "Find my access" (/access): GET shows the form; POST sends the personal link again, with the
 * same answer for any address (access-request.ts says why).
 */
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import type { Database } from '../db/client.ts';
import { show, type PageOutcome } from '../http/page-outcome.ts';
import { clientAddress } from '../http/request-origin.ts';
import { requestAccessLink, sendAccessLinks } from './access-request.ts';

export interface AccessRequestPageState {
  message: { ok: boolean; text: string } | null;
  /** The address as typed, shown again unless the link was sent. */
  email: string;
}

const NO_STORE = { 'cache-control': 'no-store' };

export const emptyAccessRequestPage = (): PageOutcome<AccessRequestPageState> => show({ message: null, email: '' }, 200, NO_STORE);

/** The form's fields, read only when the body is within the form's limit (an empty form otherwise). */
async function accessRequestForm(request: Request): Promise<FormData> {
  if (Number(request.headers.get('content-length') ?? 0) > BODY_LIMITS.accessRequest.bytes) return new FormData();
  return request.formData().catch(() => new FormData());
}

export async function handleAccessRequestPost(
  db: Database,
  { request, clientAddress: socketAddress, limit }: { request: Request; clientAddress: string | undefined; limit: number },
): Promise<PageOutcome<AccessRequestPageState>> {
  const raw = (await accessRequestForm(request)).get('email');
  const typed = typeof raw === 'string' ? raw.slice(0, 320) : '';
  const answer = await requestAccessLink({
    db,
    rawEmail: raw,
    client: clientAddress(request, socketAddress),
    limit,
    send: (address) => sendAccessLinks(db, address),
  });
  switch (answer.kind) {
    case 'sent':
      return show({ message: { ok: true, text: answer.message }, email: '' }, 200, NO_STORE);
    case 'invalid':
      return show({ message: { ok: false, text: answer.message }, email: typed }, 422, NO_STORE);
    case 'rate-limited':
      return show({ message: { ok: false, text: answer.message }, email: typed }, 429, {
        ...NO_STORE,
        'retry-after': String(answer.retryAfterSeconds),
      });
  }
}

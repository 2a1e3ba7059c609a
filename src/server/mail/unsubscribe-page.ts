/**
 * /unsubscribe/{token}: the registrant's e-mail choices, the visible link of every marketing
 * e-mail and the {{preferences_link}} of the others. A GET only shows where they stand (link
 * checkers that open every URL must change nothing); a POST unsubscribes, or opts in for someone
 * who never agreed to the marketing e-mails, with the words they agree to. The RFC 8058 one-click
 * POST to the bare URL is answered before Astro (one-click.ts).
 */
import { marketingConsentWording } from '../../domain/registration.ts';
import type { UnsubscribeView } from '../../domain/mail/unsubscribe-view.ts';
import { appNow } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { show, type PageOutcome } from '../http/page-outcome.ts';
import { optIn, setUnsubscribed, unsubscribeState, type UnsubscribeState } from './unsubscribe.ts';

const NO_STORE = { 'cache-control': 'private, no-store' };

export async function answerUnsubscribePage(
  db: Database,
  { request, url, token }: { request: Request; url: URL; token: string },
): Promise<PageOutcome<UnsubscribeView>> {
  const state = await unsubscribeState(db, token);
  if (!state) return show({ kind: 'invalid' }, 404, NO_STORE);
  const action = `/unsubscribe/${encodeURIComponent(token)}`;
  if (request.method !== 'POST') return show(currentChoice(state, action), 200, NO_STORE);
  const view = await changeChoice(db, state, { change: url.searchParams.get('change'), action });
  return show(view, 200, NO_STORE);
}

async function changeChoice(
  db: Database,
  state: UnsubscribeState,
  { change, action }: { change: string | null; action: string },
): Promise<UnsubscribeView> {
  if (change === 'resubscribe' || change === 'subscribe') {
    await optIn({ db, registrantId: state.registrantId, now: appNow() });
    return { kind: 'resubscribed', email: state.email, action, topics: state.consentTopics };
  }
  await setUnsubscribed({ db, registrantId: state.registrantId, unsubscribed: true, now: appNow() });
  return { kind: 'done', email: state.email, action };
}

function currentChoice(state: UnsubscribeState, action: string): UnsubscribeView {
  if (state.unsubscribed) return { kind: 'done', email: state.email, action };
  return state.consented
    ? { kind: 'confirm', email: state.email, action }
    : { kind: 'opt-in', email: state.email, action, wording: marketingConsentWording(state.consentTopics) };
}

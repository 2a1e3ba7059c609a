/**
 * Kit (ConvertKit) API v4 (developers.kit.com): the key in `X-Kit-Api-Key`; "Create a subscriber"
 * is an upsert by e-mail with first name and custom fields; a form and a tag are added by e-mail
 * address. Kit's API cannot delete a subscriber, so an erasure unsubscribes them (the admin says so).
 * Kit's bulk endpoints (/v4/bulk/…) take OAuth tokens only, and a connection holds an API key: an
 * import's subscribers are created one by one, in the import's one delivery (docs/decisions/0076).
 */
import type { ProviderSession } from '../provider-session.ts';
import { segment, type ProviderAdapter } from './adapter.ts';

async function unsubscribeByEmail(session: ProviderSession, email: string): Promise<void> {
  const found = (await session.call({
    method: 'GET',
    path: `/subscribers?email_address=${encodeURIComponent(email)}&status=all`,
  })) as { subscribers?: { id: number }[] } | null;
  const id = found?.subscribers?.[0]?.id;
  if (id === undefined) return;
  await session.call({ method: 'POST', path: `/subscribers/${segment(id)}/unsubscribe`, body: {}, notFoundIsDone: true });
}

export const kit: ProviderAdapter = {
  headers: (apiKey) => ({ 'X-Kit-Api-Key': apiKey }),
  async upsert(session, { contact, rule }) {
    await session.call({
      method: 'POST',
      path: '/subscribers',
      body: {
        email_address: contact.email,
        first_name: contact.firstName,
        ...(rule.field ? { fields: { [rule.field]: rule.value } } : {}),
      },
    });
    if (rule.list)
      await session.call({ method: 'POST', path: `/forms/${segment(rule.list)}/subscribers`, body: { email_address: contact.email } });
    if (rule.tag)
      await session.call({ method: 'POST', path: `/tags/${segment(rule.tag)}/subscribers`, body: { email_address: contact.email } });
  },
  unsubscribe: (session, { contact }) => unsubscribeByEmail(session, contact.email),
  erase: (session, { contact }) => unsubscribeByEmail(session, contact.email),
};

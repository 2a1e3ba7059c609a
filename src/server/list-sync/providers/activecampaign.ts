/**
 * ActiveCampaign API v3 (developers.activecampaign.com): the key in `Api-Token`, at the account's
 * own address. "Sync a contact" is the upsert by e-mail (with custom field values); the list
 * status and the tag are set on the contact's id. Unsubscribing sets status 2 on each of the
 * connection's lists; an erasure deletes the contact.
 */
import type { ProviderSession } from '../provider-session.ts';
import { segment, type ProviderAdapter } from './adapter.ts';

const UNSUBSCRIBED = 2;
const ACTIVE = 1;

async function contactIdByEmail(session: ProviderSession, email: string): Promise<string | undefined> {
  const found = (await session.call({ method: 'GET', path: `/contacts?email=${encodeURIComponent(email)}` })) as {
    contacts?: { id: string }[];
  } | null;
  return found?.contacts?.[0]?.id;
}

const setListStatus = (session: ProviderSession, job: { list: string; contact: string; status: number }) =>
  session.call({
    method: 'POST',
    path: '/contactLists',
    body: { contactList: { list: Number(job.list), contact: Number(job.contact), status: job.status } },
  });

export const activecampaign: ProviderAdapter = {
  headers: (apiKey) => ({ 'Api-Token': apiKey }),
  async upsert(session, { contact, rule }) {
    const synced = (await session.call({
      method: 'POST',
      path: '/contact/sync',
      body: {
        contact: {
          email: contact.email,
          firstName: contact.firstName,
          ...(rule.field ? { fieldValues: [{ field: rule.field, value: rule.value }] } : {}),
        },
      },
    })) as { contact?: { id: string | number } } | null;
    const id = synced?.contact?.id;
    if (id === undefined) throw new Error('ActiveCampaign answered without the contact’s id.');
    if (rule.list) await setListStatus(session, { list: rule.list, contact: String(id), status: ACTIVE });
    if (rule.tag)
      await session.call({ method: 'POST', path: '/contactTags', body: { contactTag: { contact: String(id), tag: rule.tag } } });
  },
  /**
   * "Bulk import contacts" (POST /import/bulk_import, up to 250 a call): each contact with its
   * first name, the rule's list and field. Its tags are names while a rule's tag is an ID, so a
   * rule with a tag is not bulk.
   */
  bulk: {
    size: 250,
    takes: (rule) => !rule.tag,
    async upsert(session, { contacts, rule }) {
      await session.call({
        method: 'POST',
        path: '/import/bulk_import',
        body: {
          contacts: contacts.map((contact) => ({
            email: contact.email,
            first_name: contact.firstName,
            ...(rule.list ? { subscribe: [{ listid: Number(rule.list) }] } : {}),
            ...(rule.field ? { fields: [{ id: Number(rule.field), value: rule.value }] } : {}),
          })),
        },
      });
    },
  },
  async unsubscribe(session, { contact, lists }) {
    const id = await contactIdByEmail(session, contact.email);
    if (id === undefined) return;
    for (const list of lists) await setListStatus(session, { list, contact: id, status: UNSUBSCRIBED });
  },
  async erase(session, { contact }) {
    const id = await contactIdByEmail(session, contact.email);
    if (id === undefined) return;
    await session.call({ method: 'DELETE', path: `/contacts/${segment(id)}`, notFoundIsDone: true });
  },
};

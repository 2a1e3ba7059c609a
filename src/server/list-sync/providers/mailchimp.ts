/**
 * Mailchimp Marketing API 3.0 (mailchimp.com/developer): HTTP Basic with the API key as the
 * password; a member is addressed by the MD5 of the lower-cased e-mail in each audience. "Add or
 * update list member" (PUT, `status_if_new`) is the upsert: someone who unsubscribed there stays
 * unsubscribed. Tags are set by name; an erasure deletes the member permanently.
 */
import { createHash } from 'node:crypto';
import { segment, type ProviderAdapter } from './adapter.ts';

export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

const member = (list: string, email: string) => `/lists/${segment(list)}/members/${subscriberHash(email)}`;

const mergeFieldsOf = (contact: { firstName: string }, rule: { field: string; value: string }) => ({
  FNAME: contact.firstName,
  ...(rule.field ? { [rule.field]: rule.value } : {}),
});

export const mailchimp: ProviderAdapter = {
  headers: (apiKey) => ({ authorization: `Basic ${Buffer.from(`summit:${apiKey}`).toString('base64')}` }),
  async upsert(session, { contact, rule }) {
    await session.call({
      method: 'PUT',
      path: member(rule.list, contact.email),
      body: { email_address: contact.email, status_if_new: 'subscribed', merge_fields: mergeFieldsOf(contact, rule) },
    });
    if (rule.tag) {
      await session.call({
        method: 'POST',
        path: `${member(rule.list, contact.email)}/tags`,
        body: { tags: [{ name: rule.tag, status: 'active' }] },
      });
    }
  },
  async unsubscribe(session, { contact, lists }) {
    for (const list of lists) {
      await session.call({ method: 'PATCH', path: member(list, contact.email), body: { status: 'unsubscribed' }, notFoundIsDone: true });
    }
  },
  /**
   * "Batch subscribe or unsubscribe" (POST /lists/{list_id}, up to 500 members). update_existing
   * false: someone already in the audience keeps their status (an unsubscribe there stands), as
   * status_if_new does one by one. Tags are set one member at a time, so a rule with a tag is not bulk.
   */
  bulk: {
    size: 500,
    takes: (rule) => !rule.tag,
    async upsert(session, { contacts, rule }) {
      await session.call({
        method: 'POST',
        path: `/lists/${segment(rule.list)}`,
        body: {
          members: contacts.map((contact) => ({
            email_address: contact.email,
            status: 'subscribed',
            merge_fields: mergeFieldsOf(contact, rule),
          })),
          update_existing: false,
        },
      });
    },
  },
  async erase(session, { contact, lists }) {
    for (const list of lists) {
      await session.call({ method: 'POST', path: `${member(list, contact.email)}/actions/delete-permanent`, notFoundIsDone: true });
    }
  },
};

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

export const mailchimp: ProviderAdapter = {
  headers: (apiKey) => ({ authorization: `Basic ${Buffer.from(`summit:${apiKey}`).toString('base64')}` }),
  async upsert(session, { contact, rule }) {
    const mergeFields: Record<string, string> = { FNAME: contact.firstName };
    if (rule.field) mergeFields[rule.field] = rule.value;
    await session.call({
      method: 'PUT',
      path: member(rule.list, contact.email),
      body: { email_address: contact.email, status_if_new: 'subscribed', merge_fields: mergeFields },
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
  async erase(session, { contact, lists }) {
    for (const list of lists) {
      await session.call({ method: 'POST', path: `${member(list, contact.email)}/actions/delete-permanent`, notFoundIsDone: true });
    }
  },
};

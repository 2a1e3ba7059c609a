/**
 * ActiveCampaign API v3 as developers.activecampaign.com documents it: `Api-Token` at the
 * account's address under /api/3; "Sync a contact's data" (POST /contact/sync with `contact`:
 * email, firstName, fieldValues [{ field, value }], answering the contact with its id as a
 * string); "Update list status for a contact" (POST /contactLists with `contactList`: list,
 * contact, status 1 active or 2 unsubscribed); "Add a tag to contact" (POST /contactTags with
 * `contactTag`: contact, tag); "List all contacts" (GET /contacts?email=); "Delete a contact";
 * "Bulk import contacts" (POST /import/bulk_import: `contacts`, up to 250, each with `email` and
 * optionally first_name, tags (names), fields [{ id, value }] and subscribe [{ listid }];
 * answered with success, queued_contacts and a batchId; the stand-in applies it at once).
 */
import { z } from 'zod';
import type { StandInDefinition } from './stand-in.ts';

export interface AcContact {
  id: string;
  email: string;
  firstName: string;
  fields: Record<string, string>;
  /** List id → status (1 active, 2 unsubscribed). */
  lists: Record<string, number>;
  tags: string[];
}

type State = { contacts: AcContact[]; nextId: number };
const contactOut = (c: AcContact) => ({ id: c.id, email: c.email, firstName: c.firstName });
const idLike = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]);

export function activeCampaignApi(apiKey: string) {
  return {
    name: 'ActiveCampaign',
    authorized: (headers) => headers['api-token'] === apiKey,
    fresh: (): State => ({ contacts: [], nextId: 1 }),
    idsOf: (state, email) => state.contacts.filter((c) => c.email.toLowerCase() === email).map((c) => c.id),
    routes: [
      {
        method: 'POST',
        path: /^\/api\/3\/contact\/sync$/,
        body: z
          .object({
            contact: z
              .object({
                email: z.string().email(),
                firstName: z.string().optional(),
                fieldValues: z.array(z.object({ field: z.string().regex(/^\d+$/), value: z.string() }).strict()).optional(),
              })
              .strict(),
          })
          .strict(),
        answer({
          body,
          state,
        }: {
          body: { contact: { email: string; firstName?: string; fieldValues?: { field: string; value: string }[] } };
          state: State;
        }) {
          let contact = state.contacts.find((c) => c.email === body.contact.email);
          const status = contact ? 200 : 201;
          if (!contact) {
            contact = { id: String(state.nextId++), email: body.contact.email, firstName: '', fields: {}, lists: {}, tags: [] };
            state.contacts.push(contact);
          }
          contact.firstName = body.contact.firstName ?? contact.firstName;
          for (const value of body.contact.fieldValues ?? []) contact.fields[value.field] = value.value;
          return { status, json: { fieldValues: [], contact: contactOut(contact) } };
        },
      },
      {
        method: 'POST',
        path: /^\/api\/3\/import\/bulk_import$/,
        body: z
          .object({
            contacts: z
              .array(
                z
                  .object({
                    email: z.string().email(),
                    first_name: z.string().optional(),
                    last_name: z.string().optional(),
                    tags: z.array(z.string()).optional(),
                    fields: z.array(z.object({ id: z.number().int().positive(), value: z.string() }).strict()).optional(),
                    subscribe: z.array(z.object({ listid: z.number().int().positive() }).strict()).optional(),
                  })
                  .strict(),
              )
              .min(1)
              .max(250),
          })
          .strict(),
        answer({
          body,
          state,
        }: {
          body: {
            contacts: { email: string; first_name?: string; fields?: { id: number; value: string }[]; subscribe?: { listid: number }[] }[];
          };
          state: State;
        }) {
          for (const one of body.contacts) {
            let contact = state.contacts.find((c) => c.email === one.email);
            if (!contact) {
              contact = { id: String(state.nextId++), email: one.email, firstName: '', fields: {}, lists: {}, tags: [] };
              state.contacts.push(contact);
            }
            contact.firstName = one.first_name ?? contact.firstName;
            for (const field of one.fields ?? []) contact.fields[String(field.id)] = field.value;
            for (const list of one.subscribe ?? []) contact.lists[String(list.listid)] = 1;
          }
          return { status: 200, json: { success: 1, queued_contacts: body.contacts.length, batchId: 'b-1' } };
        },
      },
      {
        method: 'POST',
        path: /^\/api\/3\/contactLists$/,
        body: z
          .object({ contactList: z.object({ list: idLike, contact: idLike, status: z.union([z.literal(1), z.literal(2)]) }).strict() })
          .strict(),
        answer({ body, state }: { body: { contactList: { list: number; contact: number; status: number } }; state: State }) {
          const contact = state.contacts.find((c) => c.id === String(body.contactList.contact));
          if (!contact) return { status: 404, json: { message: 'No Result found for Subscriber' } };
          contact.lists[String(body.contactList.list)] = body.contactList.status;
          return { status: 201, json: { contactList: { ...body.contactList, id: '1' } } };
        },
      },
      {
        method: 'POST',
        path: /^\/api\/3\/contactTags$/,
        body: z.object({ contactTag: z.object({ contact: idLike, tag: idLike }).strict() }).strict(),
        answer({ body, state }: { body: { contactTag: { contact: string; tag: string } }; state: State }) {
          const contact = state.contacts.find((c) => c.id === String(body.contactTag.contact));
          if (!contact) return { status: 404, json: { message: 'No Result found for Subscriber' } };
          if (!contact.tags.includes(String(body.contactTag.tag))) contact.tags.push(String(body.contactTag.tag));
          return { status: 201, json: { contactTag: { ...body.contactTag, id: '1' } } };
        },
      },
      {
        method: 'GET',
        path: /^\/api\/3\/contacts$/,
        query: ['email'],
        answer({ query, state }: { query: URLSearchParams; state: State }) {
          const found = state.contacts.filter((c) => c.email === query.get('email'));
          return { status: 200, json: { contacts: found.map(contactOut), meta: { total: String(found.length) } } };
        },
      },
      {
        method: 'DELETE',
        path: /^\/api\/3\/contacts\/(\d+)$/,
        answer({ match, state }: { match: RegExpMatchArray; state: State }) {
          const contact = state.contacts.find((c) => c.id === match[1]);
          if (!contact) return { status: 404, json: { message: 'No Result found for Subscriber' } };
          state.contacts.splice(state.contacts.indexOf(contact), 1);
          return { status: 200, json: {} };
        },
      },
    ],
  } satisfies StandInDefinition<State>;
}

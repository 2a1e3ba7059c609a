/**
 * Mailchimp Marketing API 3.0 as mailchimp.com/developer documents it: HTTP Basic with any user
 * name and the API key as password, at https://{dc}.api.mailchimp.com/3.0; "Add or update list
 * member" (PUT /lists/{list_id}/members/{subscriber_hash}, the hash being the MD5 of the
 * lower-cased address, `status_if_new` one of the documented statuses); "Add or remove member
 * tags" (POST …/tags, 204); "Update list member" (PATCH, `status`); "Delete list member"
 * (POST …/actions/delete-permanent, 204). An unknown member answers 404. "Batch subscribe or
 * unsubscribe" (POST /lists/{list_id}: `members`, up to 500, each with `email_address` and
 * `status`; `update_existing`): with update_existing false an address already in the audience is
 * left as it is and listed in `errors`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StandInDefinition } from './stand-in.ts';

export interface MailchimpMember {
  list: string;
  hash: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

const STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'] as const;
const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');
type State = { members: MailchimpMember[] };
const memberOf = (state: State, match: RegExpMatchArray) => state.members.find((m) => m.list === match[1] && m.hash === match[2]);
const notFound = {
  status: 404,
  json: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title: 'Resource Not Found', status: 404 },
};

export function mailchimpApi(apiKey: string) {
  return {
    name: 'Mailchimp',
    authorized: (headers) => {
      const [scheme, encoded] = String(headers.authorization ?? '').split(' ');
      return (
        scheme === 'Basic' &&
        Buffer.from(encoded ?? '', 'base64')
          .toString('utf8')
          .split(':')[1] === apiKey
      );
    },
    fresh: (): State => ({ members: [] }),
    routes: [
      {
        method: 'PUT',
        path: /^\/3\.0\/lists\/([\w-]+)\/members\/([0-9a-f]{32})$/,
        body: z
          .object({
            email_address: z.string().email(),
            status_if_new: z.enum(STATUSES),
            merge_fields: z.record(z.string(), z.string()).optional(),
          })
          .strict(),
        answer({
          match,
          body,
          state,
        }: {
          match: RegExpMatchArray;
          body: { email_address: string; status_if_new: string; merge_fields?: Record<string, string> };
          state: State;
        }) {
          if (md5(body.email_address) !== match[2])
            return { status: 400, json: { title: 'Invalid Resource', detail: 'The hash is not the address’s.' } };
          let member = memberOf(state, match);
          if (!member) {
            member = {
              list: match[1]!,
              hash: match[2]!,
              email_address: body.email_address,
              status: body.status_if_new,
              merge_fields: {},
              tags: [],
            };
            state.members.push(member);
          }
          Object.assign(member.merge_fields, body.merge_fields ?? {});
          return {
            status: 200,
            json: {
              id: member.hash,
              email_address: member.email_address,
              status: member.status,
              merge_fields: member.merge_fields,
              list_id: member.list,
            },
          };
        },
      },
      {
        method: 'POST',
        path: /^\/3\.0\/lists\/([\w-]+)\/members\/([0-9a-f]{32})\/tags$/,
        body: z.object({ tags: z.array(z.object({ name: z.string().min(1), status: z.enum(['active', 'inactive']) }).strict()) }).strict(),
        answer({ match, body, state }: { match: RegExpMatchArray; body: { tags: { name: string; status: string }[] }; state: State }) {
          const member = memberOf(state, match);
          if (!member) return notFound;
          for (const tag of body.tags) if (tag.status === 'active' && !member.tags.includes(tag.name)) member.tags.push(tag.name);
          return { status: 204 };
        },
      },
      {
        method: 'POST',
        path: /^\/3\.0\/lists\/([\w-]+)$/,
        body: z
          .object({
            members: z
              .array(
                z
                  .object({
                    email_address: z.string().email(),
                    status: z.enum(STATUSES),
                    merge_fields: z.record(z.string(), z.string()).optional(),
                  })
                  .strict(),
              )
              .max(500),
            update_existing: z.boolean().optional(),
          })
          .strict(),
        answer({
          match,
          body,
          state,
        }: {
          match: RegExpMatchArray;
          body: { members: { email_address: string; status: string; merge_fields?: Record<string, string> }[]; update_existing?: boolean };
          state: State;
        }) {
          const created: MailchimpMember[] = [];
          const errors: { email_address: string; error: string; error_code: string }[] = [];
          for (const one of body.members) {
            const known = state.members.find((m) => m.list === match[1] && m.hash === md5(one.email_address));
            if (known && !body.update_existing) {
              errors.push({
                email_address: one.email_address,
                error: `${one.email_address} is already a list member.`,
                error_code: 'ERROR_CONTACT_EXISTS',
              });
              continue;
            }
            const member = known ?? {
              list: match[1]!,
              hash: md5(one.email_address),
              email_address: one.email_address,
              status: one.status,
              merge_fields: {},
              tags: [],
            };
            if (!known) state.members.push(member);
            member.status = one.status;
            Object.assign(member.merge_fields, one.merge_fields ?? {});
            created.push(member);
          }
          return {
            status: 200,
            json: {
              new_members: created.map((m) => ({ id: m.hash, email_address: m.email_address, status: m.status })),
              updated_members: [],
              errors,
              total_created: created.length,
              total_updated: 0,
              error_count: errors.length,
            },
          };
        },
      },
      {
        method: 'PATCH',
        path: /^\/3\.0\/lists\/([\w-]+)\/members\/([0-9a-f]{32})$/,
        body: z.object({ status: z.enum(STATUSES) }).strict(),
        answer({ match, body, state }: { match: RegExpMatchArray; body: { status: string }; state: State }) {
          const member = memberOf(state, match);
          if (!member) return notFound;
          member.status = body.status;
          return { status: 200, json: { id: member.hash, email_address: member.email_address, status: member.status } };
        },
      },
      {
        method: 'POST',
        path: /^\/3\.0\/lists\/([\w-]+)\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/,
        answer({ match, state }: { match: RegExpMatchArray; state: State }) {
          const member = memberOf(state, match);
          if (!member) return notFound;
          state.members.splice(state.members.indexOf(member), 1);
          return { status: 204 };
        },
      },
    ],
  } satisfies StandInDefinition<State>;
}

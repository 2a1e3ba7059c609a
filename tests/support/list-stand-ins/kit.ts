/**
 * Kit API v4 as developers.kit.com documents it: `X-Kit-Api-Key`; "Create a subscriber" (POST
 * /v4/subscribers, an upsert by email_address answering `{ subscriber }`, 201 new or 200 known);
 * "Add subscriber to form by email address" (POST /v4/forms/{id}/subscribers); "Tag a subscriber
 * by email address" (POST /v4/tags/{tag_id}/subscribers); "List subscribers" (GET
 * /v4/subscribers?email_address=&status=); "Unsubscribe subscriber" (POST /v4/subscribers/{id}/unsubscribe).
 */
import { z } from 'zod';
import type { StandInDefinition } from './stand-in.ts';

export interface KitSubscriber {
  id: number;
  email_address: string;
  first_name: string | null;
  state: 'active' | 'cancelled';
  fields: Record<string, string>;
  tags: number[];
  forms: number[];
}

type State = { subscribers: KitSubscriber[] };
const byEmail = z.object({ email_address: z.string().email() }).strict();
const subscriberOut = (s: KitSubscriber) => ({
  id: s.id,
  first_name: s.first_name,
  email_address: s.email_address,
  state: s.state,
  created_at: '2026-11-27T10:00:00Z',
  fields: s.fields,
});

export function kitApi(apiKey: string) {
  return {
    name: 'Kit',
    authorized: (headers) => headers['x-kit-api-key'] === apiKey,
    fresh: (): State => ({ subscribers: [] }),
    idsOf: (state, email) => state.subscribers.filter((s) => s.email_address.toLowerCase() === email).map((s) => String(s.id)),
    routes: [
      {
        method: 'POST',
        path: /^\/v4\/subscribers$/,
        body: z
          .object({
            email_address: z.string().email(),
            first_name: z.string().optional(),
            state: z.string().optional(),
            fields: z.record(z.string(), z.string()).optional(),
          })
          .strict(),
        answer({ body, state }: { body: { email_address: string; first_name?: string; fields?: Record<string, string> }; state: State }) {
          let found = state.subscribers.find((s) => s.email_address === body.email_address);
          const status = found ? 200 : 201;
          if (!found) {
            found = {
              id: state.subscribers.length + 1,
              email_address: body.email_address,
              first_name: null,
              state: 'active',
              fields: {},
              tags: [],
              forms: [],
            };
            state.subscribers.push(found);
          }
          found.first_name = body.first_name ?? found.first_name;
          Object.assign(found.fields, body.fields ?? {});
          return { status, json: { subscriber: subscriberOut(found) } };
        },
      },
      {
        method: 'POST',
        path: /^\/v4\/(forms|tags)\/(\d+)\/subscribers$/,
        body: byEmail,
        answer({ match, body, state }: { match: RegExpMatchArray; body: { email_address: string }; state: State }) {
          const found = state.subscribers.find((s) => s.email_address === body.email_address);
          if (!found) return { status: 404, json: { errors: ['Not Found'] } };
          const list = match[1] === 'tags' ? found.tags : found.forms;
          const id = Number(match[2]);
          const known = list.includes(id);
          if (!known) list.push(id);
          return { status: known ? 200 : 201, json: { subscriber: subscriberOut(found) } };
        },
      },
      {
        method: 'GET',
        path: /^\/v4\/subscribers$/,
        query: ['email_address', 'status'],
        answer({ query, state }: { query: URLSearchParams; state: State }) {
          const found = state.subscribers.filter((s) => s.email_address === query.get('email_address'));
          return {
            status: 200,
            json: { subscribers: found.map(subscriberOut), pagination: { has_previous_page: false, has_next_page: false } },
          };
        },
      },
      {
        method: 'POST',
        path: /^\/v4\/subscribers\/(\d+)\/unsubscribe$/,
        body: z.object({}).strict(),
        answer({ match, state }: { match: RegExpMatchArray; state: State }) {
          const found = state.subscribers.find((s) => s.id === Number(match[1]));
          if (!found) return { status: 404, json: { errors: ['Not Found'] } };
          found.state = 'cancelled';
          return { status: 204 };
        },
      },
    ],
  } satisfies StandInDefinition<State>;
}

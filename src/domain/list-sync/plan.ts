/**
 * What an event asks of the host's e-mail list (docs/decisions/0059): add or update the contact
 * with the rule's list, tag and field; unsubscribe them (also when consent is withdrawn); or remove them. Only registrants who
 * gave marketing consent are added (the delivery checks the consent as it stands when it runs);
 * unsubscribing or an erasure here unsubscribes or removes them there, if they were ever sent
 * there (consent-gate.ts decides which plans may call the provider at all).
 */
import type { EventPayload, EventType } from '../events/catalogue.ts';
import { passKinds, type PassKind } from '../passes.ts';
import { LISTEN_DAYS, type ListRule, type ListSyncSettings, type ListTrigger } from './providers.ts';

/** Where each pass stands in every edition's "Passes and prices", as the list rules name it. */
const PASS_PLACES: Record<PassKind, string> = { replay: 'first', aap: 'second' };

export interface Contact {
  email: string;
  firstName: string;
}

export type SyncPlan =
  | { kind: 'upsert'; registrantId: number; contact: Contact; rule: ListRule }
  | { kind: 'unsubscribe'; registrantId: number; contact: Contact; lists: string[] }
  | { kind: 'erase'; registrantId: number; contact: Contact; lists: string[] }
  /** An import's registrants of one edition (registrants.imported): those with consent are added in bulk (docs/decisions/0076). */
  | { kind: 'bulk'; importId: number; editionSlug: string; rule: ListRule }
  | { kind: 'none'; reason: string };

/** Every trigger a connection's form offers, in order. */
export const listTriggers: ListTrigger[] = [
  'registered',
  ...passKinds.map((pass) => `pass:${pass}` as const),
  ...LISTEN_DAYS.map((day) => `listened:${day}` as const),
];

export const ruleIsEmpty = (rule: ListRule) => !rule.list && !rule.tag && !rule.field;

const activeRules = (settings: ListSyncSettings) => settings.rules.filter((rule) => !ruleIsEmpty(rule));

/** The events a connection needs: those of its rules, and always unsubscribes and erasures. */
export function eventsWanted(settings: ListSyncSettings): EventType[] {
  // registrant.updated also carries a consent withdrawn (through the API), which unsubscribes them there.
  // A complaint or a bounce for good takes the address off the lists too: the list's own mail would bounce or be reported.
  const wanted = new Set<EventType>([
    'registrant.unsubscribed',
    'registrant.updated',
    'registrant.erased',
    'email.bounced',
    'email.complained',
  ]);
  for (const rule of activeRules(settings)) {
    // Opting in later (registrant.updated) is when a registrant who first said no joins the list.
    if (rule.on === 'registered') {
      wanted.add('registration.created');
      wanted.add('registrants.imported');
    } else if (rule.on.startsWith('pass:')) wanted.add('pass.granted');
    else wanted.add('listen.qualified');
  }
  return [...wanted];
}

/** The lists a connection names: unsubscribes and erasures reach each of them. */
export const namedLists = (settings: ListSyncSettings) => [
  ...new Set(
    activeRules(settings)
      .map((rule) => rule.list)
      .filter(Boolean),
  ),
];

function triggerOf(payload: EventPayload): ListTrigger | null {
  switch (payload.type) {
    case 'registration.created':
    case 'registrant.updated':
    case 'registrants.imported':
      return 'registered';
    case 'pass.granted':
      return `pass:${(payload as EventPayload<'pass.granted'>).data.pass}`;
    case 'listen.qualified':
      return `listened:${(payload as EventPayload<'listen.qualified'>).data.day}`;
    // These change nothing on the list beyond what unsubscribes and erasures do.
    case 'registrant.unsubscribed':
    case 'registrant.erased':
    case 'email.bounced':
    case 'email.complained':
    case 'pass.revoked':
    case 'access.reissued':
    case 'feed.flagged_shared':
      return null;
  }
}

export function planFor(payload: EventPayload, settings: ListSyncSettings): SyncPlan {
  if (payload.type === 'registrants.imported') {
    const { importId, editionSlug } = (payload as EventPayload<'registrants.imported'>).data;
    const rule = activeRules(settings).find((candidate) => candidate.on === 'registered');
    return rule ? { kind: 'bulk', importId, editionSlug, rule } : { kind: 'none', reason: `No rule for ${payload.type} here.` };
  }
  const data = payload.data as { registrantId: number; email: string; firstName?: string };
  const contact = { email: data.email, firstName: data.firstName ?? '' };
  const withdrawn = payload.type === 'registrant.updated' && !(payload as EventPayload<'registrant.updated'>).data.consent.marketing;
  const { registrantId } = data;
  const stopsMail = payload.type === 'registrant.unsubscribed' || payload.type === 'email.bounced' || payload.type === 'email.complained';
  if (stopsMail || withdrawn) return { kind: 'unsubscribe', registrantId, contact, lists: namedLists(settings) };
  if (payload.type === 'registrant.erased') return { kind: 'erase', registrantId, contact, lists: namedLists(settings) };
  const trigger = triggerOf(payload);
  const rule = activeRules(settings).find((candidate) => candidate.on === trigger);
  if (!rule) return { kind: 'none', reason: `No rule for ${payload.type} here.` };
  return { kind: 'upsert', registrantId, contact, rule };
}

/** How the admin's form names a trigger. */
export function triggerLabel(on: ListTrigger): string {
  if (on === 'registered') return 'Registers (or opts in later)';
  const [kind, value] = on.split(':') as [string, string];
  // A connection may serve every edition, each naming its passes its own way: the pass by its place.
  if (kind === 'pass') return `Gets the ${PASS_PLACES[value as PassKind]} pass of their edition`;
  return `Listens to day ${value}`;
}

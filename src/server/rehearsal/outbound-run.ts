/**
 * A rehearsal's outbound calls (decision 0077): the events a registrant's story writes (the
 * catalogue's payloads), the webhook receivers subscribed to each, and for each e-mail list what
 * the list sync would do: its plan (planFor) through the consent gate (gatePlan), with the list
 * membership the site would remember. Nothing is sent. A list call that would add someone who has
 * not consented, as they stand then, is a contradiction.
 */
import { eventPayload, type EventPayload, type EventType } from '../../domain/events/catalogue.ts';
import { gatePlan, type ListMembership } from '../../domain/list-sync/consent-gate.ts';
import { planFor } from '../../domain/list-sync/plan.ts';
import { stateAt, type CastMember, type StoryStep } from '../../domain/rehearsal/cast.ts';
import type { TimelineEntry } from '../../domain/rehearsal/report.ts';
import { dayOf, type RunContext } from './run-context.ts';

/** The event a step of the story writes. */
function eventOf(step: StoryStep, member: CastMember, { id, slug }: { id: number; slug: string }): EventPayload {
  const who = { registrantId: id, editionSlug: slug, email: member.email, firstName: member.firstName };
  const at = new Date(step.at);
  const consent = { marketing: member.consents, consentedAt: member.consents ? at.toISOString() : null };
  switch (step.what) {
    case 'registers':
      return eventPayload(
        'registration.created',
        {
          ...who,
          consent,
          source: { shareLinkCode: member.affiliate ? 'rehearsal-affiliate' : null, utmSource: null, utmMedium: null, utmCampaign: null },
        },
        at,
      );
    case 'buys':
      return eventPayload('pass.granted', { ...who, pass: step.pass, cause: 'payment' }, at);
    case 'refunded':
      return eventPayload('pass.revoked', { ...who, pass: step.pass, cause: 'refund' }, at);
    case 'unsubscribes':
      return eventPayload('registrant.unsubscribed', who, at);
    case 'erased':
      return eventPayload('registrant.erased', { registrantId: id, editionSlug: slug, email: member.email }, at);
  }
}

/** What each endpoint would be sent for each event of the registrant's story. */
export function rehearseOutbound(member: CastMember, id: number, context: RunContext): TimelineEntry[] {
  const memberships = new Map<number, ListMembership>();
  return member.story.map((step) => {
    const payload = eventOf(step, member, { id, slug: context.inputs.edition.slug });
    const state = stateAt(member, step.at);
    const consents = state.consents && !state.unsubscribed;
    const calls = context.inputs.endpoints.flatMap((endpoint) => {
      if (!endpoint.events.includes(payload.type as EventType)) return [];
      if (!endpoint.settings) return [`Webhook ${endpoint.url}: ${payload.type} (marketing consent: ${consents ? 'yes' : 'no'})`];
      const plan = planFor(payload, endpoint.settings);
      if (plan.kind === 'none') return [`List ${endpoint.kind}: nothing (${plan.reason})`];
      // An import's one bulk call is about many people, never one registrant's story.
      if (plan.kind === 'bulk') return [`List ${endpoint.kind}: an import's consenting registrants, in bulk`];
      const membership = memberships.get(endpoint.id) ?? { sent: false, unsubscribedThere: false };
      const verdict = gatePlan(plan, { consents, membership });
      if (!verdict.call) return [`List ${endpoint.kind}: not sent, ${verdict.reason}`];
      if (plan.kind === 'upsert' && !consents) {
        context.findings.push({
          kind: 'outbound-consent',
          registrant: member.key,
          at: new Date(step.at).toISOString(),
          where: `List ${endpoint.kind}`,
          text: `${payload.type} would add them to the list without their marketing consent`,
          imposedBy: null,
        });
      }
      memberships.set(
        endpoint.id,
        plan.kind === 'upsert' ? { sent: true, unsubscribedThere: false } : { ...membership, unsubscribedThere: true },
      );
      return [
        `List ${endpoint.kind}: ${plan.kind}${plan.kind === 'upsert' ? ` (${[plan.rule.list, plan.rule.tag].filter(Boolean).join(', ')})` : ''}`,
      ];
    });
    return { kind: 'outbound', at: new Date(step.at).toISOString(), day: dayOf(member, step.at, context), event: payload.type, calls };
  });
}

/** What one rehearsal carries from registrant to registrant (decision 0077): its inputs, the summit's moments, what it found. */
import { registeredAt, stateAt, type CastMember } from '../../domain/rehearsal/cast.ts';
import type { PageQuestion } from '../../domain/rehearsal/page-states.ts';
import { dayGroupOf, ownMoments, type DayGroup, type SummitMoments } from '../../domain/rehearsal/moments.ts';
import type { Finding } from '../../domain/rehearsal/report.ts';
import type { MessageTemplate } from '../mail/render-message.ts';
import type { RehearsalInputs } from './inputs.ts';

export interface RunContext {
  inputs: RehearsalInputs;
  moments: SummitMoments;
  /** Each message rendered once per rehearsal, as the worker renders it once per batch. */
  templates: Map<string, Promise<MessageTemplate>>;
  findings: Finding[];
  /** Links outside the site seen in e-mails: opened at the end only when the host asks. */
  external: Set<string>;
  /** A throwaway secret for the registrants' links: like the real ones, opening nothing. */
  secret: string;
}

/** The summit's days as this registrant lives them (their own evergreen days). */
export const momentsOf = (member: CastMember, context: RunContext): SummitMoments =>
  ownMoments(context.moments, context.inputs.facts.windows, registeredAt(member));

/** The summit day, as this registrant lives it, that a moment falls on: how the report groups it. */
export const dayOf = (member: CastMember, at: number, context: RunContext): DayGroup => dayGroupOf(at, momentsOf(member, context));

/** How a note names its source: the product description, never a contradiction of it. */
export const PRODUCT = 'Imposed by the product description (docs/PRODUCT.md)';

/** The pages' access question for this registrant at `at`: the edition's mode and timers, what they hold then. */
export const pageQuestionOf = (member: CastMember, at: number, { inputs }: RunContext): PageQuestion => ({
  mode: inputs.edition.accessMode,
  timers: inputs.timers,
  tier: stateAt(member, at).tier,
  registeredAt: registeredAt(member),
});

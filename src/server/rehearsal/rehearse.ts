/**
 * Rehearses an edition (decision 0077): its whole timeline, from registration opening to the last
 * e-mail after the summit, for a cast of registrants, on a simulated clock over the edition's
 * values read once (inputs.ts). Every answer is the product's own (the worker's skipReason and
 * rendering, the checkout's charge, the pages' access rule and offers, the list sync's plan and
 * consent gate); nothing is written, queued or sent.
 */
import { randomBytes } from 'node:crypto';
import { formatMoney } from '../../domain/money.ts';
import { DEFAULT_CAST, castFor, parseCast, registeredAt, type CastMember, type StoryStep } from '../../domain/rehearsal/cast.ts';
import { summitMoments } from '../../domain/rehearsal/moments.ts';
import {
  sortFindings,
  type Finding,
  type RegistrantReport,
  type RehearsalReport,
  type TimelineEntry,
} from '../../domain/rehearsal/report.ts';
import { messageSchedule, ruleDay } from '../../domain/mail/send-rules.ts';
import { registrationClosesAt } from '../../domain/registration-window.ts';
import type { TimerConfig } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { linksUnder } from '../mail/personal-links.ts';
import { paidFor } from './checkout-prices.ts';
import { loadRehearsalInputs, type RehearsalInputs } from './inputs.ts';
import { probeLinks } from './link-check.ts';
import { rehearseMail } from './mail-run.ts';
import { rehearseOutbound } from './outbound-run.ts';
import { rehearsePages } from './pages-run.ts';
import { dayOf, PRODUCT, type RunContext } from './run-context.ts';

export interface RehearsalOptions {
  /** Registrant kinds, "kind" or "kind:Zone/Name"; the default cast when absent. */
  cast?: readonly string[];
  /** Open the links outside the site that the e-mails and pages carry (they leave the site); the site's own are always answered. */
  checkLinks?: boolean;
}

export type RehearsalOutcome = { ok: true; report: RehearsalReport } | { ok: false; message: string };

/** A day e-mail whose rule puts it where its day is already closed: it can go to no one. */
function neverSent(context: RunContext): Finding[] {
  return context.inputs.messages.flatMap((message) => {
    const day = ruleDay(message.rule);
    const schedule = messageSchedule(message.rule, context.inputs.facts.windows);
    if (!message.enabled || !day || !schedule || schedule.kind === 'event') return [];
    const closed = schedule.kind === 'fixed' ? schedule.dueAt >= schedule.staleAt : schedule.offsetMs >= schedule.staleOffsetMs;
    if (!closed) return [];
    return [
      {
        kind: 'mail-never-sent',
        registrant: null,
        at: null,
        where: `E-mail “${message.name}”`,
        text: `Its rule sends it once day ${day} has closed, so it goes to no one`,
        imposedBy: null,
      },
    ];
  });
}

function storyText(step: StoryStep, member: CastMember, inputs: RehearsalInputs): string {
  const { upgrade, checkout, texts } = inputs.edition.settings;
  switch (step.what) {
    case 'registers':
      return `Registers${member.affiliate ? ' through an affiliate’s share link' : ''} (marketing consent: ${member.consents ? 'yes' : 'no'})`;
    case 'buys':
      return `Buys the ${upgrade[step.pass].name} (charged ${formatMoney(paidFor(inputs.edition, step.pass, { member, at: step.at }) ?? 0, checkout.currency, texts.meta.lang)})`;
    case 'refunded':
      return `Is refunded the ${upgrade[step.pass].name}`;
    case 'unsubscribes':
      return 'Unsubscribes from the marketing e-mails';
    case 'erased':
      return 'Is erased at their request';
  }
}

async function rehearseMember(
  { member, id, closesAt }: { member: CastMember; id: number; closesAt: Date | null },
  context: RunContext,
): Promise<RegistrantReport> {
  const { inputs } = context;
  const base = { key: member.key, kind: member.kind, label: member.label, timeZone: member.timeZone ?? inputs.edition.timezone };
  const at = registeredAt(member);
  if (closesAt && at >= closesAt.getTime()) {
    const refused = 'Registration has closed: the form says so and offers the replay';
    context.findings.push({
      kind: 'registration-closed',
      registrant: member.key,
      at: new Date(at).toISOString(),
      where: 'Registration',
      text: `${refused}; they get no e-mail and no page`,
      imposedBy: `${PRODUCT}: a live edition stops taking registrations at the end of its last day`,
    });
    return { ...base, registeredAt: null, refused, timeline: [] };
  }
  const links = linksUnder(context.secret, inputs.siteUrl)({ registrantId: id, keyVersion: 1 });
  const story: TimelineEntry[] = member.story.map((step) => ({
    kind: 'story',
    at: new Date(step.at).toISOString(),
    day: dayOf(member, step.at, context),
    text: storyText(step, member, inputs),
  }));
  const timeline = [
    ...story,
    ...(await rehearseMail({ member, id, links }, context)),
    ...rehearsePages(member, id, context),
    ...rehearseOutbound(member, id, context),
  ];
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { ...base, registeredAt: new Date(at).toISOString(), refused: null, timeline };
}

/** The rehearsal of the edition the inputs hold. */
export async function rehearse(inputs: RehearsalInputs, options: RehearsalOptions = {}): Promise<RehearsalOutcome> {
  const parsed = parseCast(options.cast?.length ? options.cast : DEFAULT_CAST);
  if (!parsed.ok) return parsed;
  const moments = summitMoments(inputs.edition, inputs.facts.windows);
  const context: RunContext = {
    inputs,
    moments,
    templates: new Map(),
    findings: [],
    external: new Set(),
    secret: randomBytes(32).toString('base64url'),
  };
  context.findings.push(...neverSent(context));
  const dayTimers = (['day1', 'day2', 'day3'] as const).flatMap((page): TimerConfig[] =>
    inputs.timers[page] ? [inputs.timers[page]] : [],
  );
  const closesAt = registrationClosesAt(inputs.edition, dayTimers);
  const registrants: RegistrantReport[] = [];
  for (const [index, member] of castFor(parsed.kinds, moments).entries())
    registrants.push(await rehearseMember({ member, id: index + 1, closesAt }, context));
  const limits = [
    'The site’s own links are answered by the route each reaches, by its rule for that registrant then; nothing is requested (decision 0081).',
  ];
  if (options.checkLinks) {
    for (const { link, answer } of await probeLinks(context.external)) {
      context.findings.push({
        kind: 'link',
        registrant: null,
        at: null,
        where: 'Links outside the site',
        text: `${link} ${answer}`,
        imposedBy: null,
      });
    }
  } else if (context.external.size)
    limits.push(
      `${context.external.size} links outside the site were not opened (ask for it: --check-links, or “Also open the links outside the site” in the admin).`,
    );
  const last = registrants
    .flatMap((registrant) => registrant.timeline.map((entry) => entry.at))
    .sort()
    .at(-1);
  const { edition } = inputs;
  return {
    ok: true,
    report: {
      edition: {
        slug: edition.slug,
        name: edition.name,
        timezone: edition.timezone,
        accessMode: edition.accessMode,
        currency: edition.settings.checkout.currency,
      },
      from: new Date(moments.registrationOpens).toISOString(),
      to: last ?? new Date(moments.summitEnd).toISOString(),
      ...sortFindings(context.findings),
      registrants,
      limits,
    },
  };
}

/** The rehearsal of an edition of the site's database, by its slug; a clear message when there is none. */
export async function rehearseEdition(
  db: Database,
  { slug, siteUrl }: { slug: string; siteUrl: string },
  options: RehearsalOptions = {},
): Promise<RehearsalOutcome> {
  const inputs = await loadRehearsalInputs(db, { slug, siteUrl });
  if (!inputs) return { ok: false, message: `There is no edition “${slug.slice(0, 60)}”. The editions are listed at /admin/editions.` };
  return rehearse(inputs, options);
}

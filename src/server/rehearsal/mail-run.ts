/**
 * A rehearsal's e-mails (decision 0077): each message of the edition for one registrant, at the
 * moment the scheduler (or the event) would queue it, decided by the worker's own skipReason and
 * rendered by its own templateFor, mergeValues and personalise, with links under a throwaway
 * secret. Nothing is queued or sent. Each rendered e-mail is then read for contradictions.
 */
import { mergeFields, type MergeField, type MergeValues } from '../../domain/mail/merge-fields.ts';
import { isOfferMessage, usesOffer, withoutOffer } from '../../domain/mail/offer-blocks.ts';
import { describeRule, dueWindowFor, isPaymentRule, messageSchedule, ruleDay, type SendRule } from '../../domain/mail/send-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import { offeredPass } from '../../domain/offered-pass.ts';
import { registeredAt, stateAt, type CastMember } from '../../domain/rehearsal/cast.ts';
import { dayOpenForMessage, type PageQuestion } from '../../domain/rehearsal/page-states.ts';
import type { Finding, TimelineEntry } from '../../domain/rehearsal/report.ts';
import { emptyHeadings, quotedAmounts, timeProblems } from '../../domain/rehearsal/text-checks.ts';
import type { PassKind } from '../../domain/passes.ts';
import { mergeValues, skipReason, templateFor, type MessageRow, type RegistrantRow } from '../mail/compose.ts';
import type { PersonalMailLinks } from '../mail/personal-links.ts';
import { personalise, type MessageTemplate } from '../mail/render-message.ts';
import { chargeableAmounts, paidFor } from './checkout-prices.ts';
import type { RehearsalInputs } from './inputs.ts';
import { linkProblem } from './link-check.ts';
import { dayOf, momentsOf, PRODUCT, type RunContext } from './run-context.ts';

const HOUR = 3600_000;

/** The moments a message goes to this registrant: its schedule's, or each event of their story it answers. */
function sendMoments(rule: SendRule, member: CastMember, context: RunContext): { at: number; pass: PassKind | null }[] {
  const steps = (what: 'buys' | 'refunded') =>
    member.story.flatMap((step) => (step.what === what ? [{ at: step.at, pass: step.pass }] : []));
  switch (rule.kind) {
    case 'registration':
      return [{ at: registeredAt(member), pass: null }];
    case 'access-request':
      // Each of them asks "Find my access" once: four hours into their own day 2, or an hour after registering if later.
      return [{ at: Math.max(momentsOf(member, context).days[1]!.start + 4 * HOUR, registeredAt(member) + HOUR), pass: null }];
    case 'pass-purchase':
    case 'payment':
      return steps('buys');
    case 'refund':
      return steps('refunded');
    case 'after-registration':
    case 'day':
    case 'after-summit': {
      const schedule = messageSchedule(rule, context.inputs.facts.windows);
      const day = ruleDay(rule);
      if (!schedule) return [{ at: context.moments.days[(day ?? 1) - 1]!.start, pass: null }];
      return [{ at: dueWindowFor(schedule, new Date(registeredAt(member)))!.dueAt, pass: null }];
    }
  }
}

/** The registrant as the worker reads their row at `at`. */
export function registrantRow(member: CastMember, id: number, at: number): RegistrantRow {
  const state = stateAt(member, at);
  const registered = new Date(registeredAt(member));
  return {
    id,
    firstName: member.firstName,
    email: member.email,
    tier: state.tier,
    createdAt: registered,
    keyVersion: 1,
    keyRevokedAt: null,
    timeZone: member.timeZone,
    unsubscribedAt: state.unsubscribed ? new Date(at) : null,
    consentedAt: state.consents ? registered : null,
    // A rehearsal's cast have made-up addresses that never bounce.
    suppressedReason: null,
    suppressedSince: null,
  };
}

/** A receipt's or refund notice's payment: what the checkout charged them for the pass. */
function paymentFor(
  rule: SendRule,
  { member, pass, at }: { member: CastMember; pass: PassKind | null; at: number },
  inputs: RehearsalInputs,
) {
  if (!pass || !isPaymentRule(rule.kind)) return null;
  const amount = paidFor(inputs.edition, pass, { member, at }) ?? inputs.edition.settings.upgrade[pass].price;
  const purchase = { pass, amount, tax: null, currency: inputs.edition.settings.checkout.currency, receiptUrl: null };
  const event =
    rule.kind === 'payment'
      ? { kind: 'purchase' as const, purchaseId: 0 }
      : { kind: 'refund' as const, purchaseId: 0, from: 0, to: amount };
  return { event, purchase, amount };
}

/** The fields the product description lets be empty, and why. */
function emptyAllowed(field: MergeField, row: RegistrantRow): string | null {
  if (field === 'pass_name' && row.tier === 'free') return `${PRODUCT}: {{pass_name}} is empty for free registrants`;
  if (field === 'offered_pass_price_deadline') return `${PRODUCT}: {{offered_pass_price_deadline}} is empty when no early price applies`;
  return null;
}

/** Checks one rendered e-mail, adding what it finds. */
function readMail(
  {
    message,
    row,
    values,
    content,
    at,
    allowed,
  }: { message: MessageRow; row: RegistrantRow; values: MergeValues; content: MessageTemplate; at: number; allowed: Set<number> },
  member: CastMember,
  context: RunContext,
): void {
  const where = `E-mail “${message.name}”`;
  const add = (kind: Finding['kind'], text: string, imposedBy: string | null = null) =>
    context.findings.push({ kind, registrant: member.key, at: new Date(at).toISOString(), where, text, imposedBy });
  const offers = offeredPass(row.tier) !== null;
  const source = `${message.subject}\n${offers ? message.body : withoutOffer(message.body)}`;
  for (const field of Object.keys(mergeFields) as MergeField[]) {
    if (!new RegExp(`\\{\\{\\s*${field}\\s*\\}\\}`).test(source) || values[field] !== '') continue;
    add('empty-field', `{{${field}}} is empty`, emptyAllowed(field, row));
  }
  for (const heading of emptyHeadings(content.html)) add('empty-heading', `The e-mail has ${heading}`);
  for (const problem of timeProblems(wordsOf(content), row.timeZone ?? message.editionTimezone, at)) add('time-zone', problem);
  const { currency } = message.passPrices;
  for (const quoted of quotedPrices(content, message)) {
    if (!allowed.has(quoted.amount))
      add(
        'price',
        `It quotes ${quoted.text}; the checkout would charge ${[...allowed].map((amount) => formatMoney(amount, currency, message.lang)).join(' or ') || 'nothing (no pass is offered to them)'}`,
      );
  }
  const held = stateAt(member, at).held;
  for (const pass of held) {
    const checkout = context.inputs.checkoutUrls[pass];
    if (values.offered_pass_name && values.offered_pass_name === message.tierNames[pass])
      add('held-pass-offered', `It offers the ${values.offered_pass_name}, which they hold`);
    else if (checkout && content.html.includes(checkout) && (usesOffer(message.body) || isOfferMessage(message)))
      add('held-pass-offered', `It links to the checkout of the ${message.tierNames[pass]}, which they hold`);
  }
  for (const link of linksOf(content.html)) {
    const problem = linkProblem(link, { member, id: row.id, at }, context);
    if (problem) add('link', problem);
  }
}

/** The prices the e-mail's words quote, in the edition's currency. */
const quotedPrices = (content: MessageTemplate, message: MessageRow) =>
  quotedAmounts(wordsOf(content), message.passPrices.currency, message.lang);

/** What the reader reads: the subject and the plain-text part without its link targets. */
const wordsOf = (content: MessageTemplate) => `${content.subject}\n${content.text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '')}`;

const linksOf = (html: string) => [...new Set([...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')))];

/** Compares a day e-mail with the day page at the moment it goes (or is skipped for a reason of the day's). */
function compareWithPage(
  {
    message,
    member,
    row,
    at,
    skipped,
  }: { message: MessageRow; member: CastMember; row: RegistrantRow; at: number; skipped: string | null },
  context: RunContext,
): void {
  const day = ruleDay(message.rule);
  if (!day || at < registeredAt(member) || !message.enabled) return;
  const dayReason = skipped === null || /access mode|no timer|Too late/.test(skipped);
  if (!dayReason) return;
  const question: PageQuestion = {
    mode: message.editionAccessMode,
    timers: context.inputs.timers,
    tier: row.tier,
    registeredAt: registeredAt(member),
  };
  const open = dayOpenForMessage(question, day, at);
  if (open === (skipped === null)) return;
  context.findings.push({
    kind: 'day-mail-and-page',
    registrant: member.key,
    at: new Date(at).toISOString(),
    where: `E-mail “${message.name}”`,
    text:
      skipped === null
        ? `Sent while the day ${day} page is closed to them`
        : `Skipped (${skipped}) while the day ${day} page is open to them`,
    imposedBy: null,
  });
}

/** Every message of the edition for one registrant: the timeline's e-mail entries. */
export async function rehearseMail(
  { member, id, links }: { member: CastMember; id: number; links: PersonalMailLinks },
  context: RunContext,
): Promise<TimelineEntry[]> {
  const { inputs } = context;
  const entries: TimelineEntry[] = [];
  for (const message of inputs.messages) {
    for (const { at, pass } of sendMoments(message.rule, member, context)) {
      const row = registrantRow(member, id, at);
      const state = stateAt(member, at);
      const base = {
        at: new Date(at).toISOString(),
        day: dayOf(member, at, context),
        message: message.name,
        rule: describeRule(message.rule),
      };
      const reason = state.erased
        ? 'The registrant was erased'
        : skipReason({ message, registrant: row, facts: inputs.facts, now: new Date(at) });
      compareWithPage({ message, member, row, at, skipped: state.erased ? null : reason }, context);
      if (reason) {
        entries.push({ kind: 'mail', ...base, subject: null, prices: [], links: [], skipped: reason });
        continue;
      }
      const payment = paymentFor(message.rule, { member, pass, at }, inputs);
      const replayPaid = row.tier === 'replay' ? paidFor(inputs.edition, 'replay', { member, at }) : null;
      const values = mergeValues({
        message,
        registrant: row,
        facts: inputs.facts,
        links,
        brand: inputs.brand,
        now: new Date(at),
        payment,
        replayPaid,
      });
      const content = personalise(await templateFor({ message, registrant: row, brand: inputs.brand }, context.templates), values);
      const allowed = chargeableAmounts(inputs.edition, { member, at, tier: row.tier });
      if (payment) allowed.add(payment.amount);
      readMail({ message, row, values, content, at, allowed }, member, context);
      const prices = quotedPrices(content, message).map((quoted) => quoted.text);
      entries.push({ kind: 'mail', ...base, subject: content.subject, prices, links: linksOf(content.html), skipped: null });
    }
  }
  return entries;
}

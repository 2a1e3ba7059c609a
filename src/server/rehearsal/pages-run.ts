/**
 * A rehearsal's pages and feed (decision 0077): at each moment that changes something for a
 * registrant (registering, each day's opening and close, an early price's end, the summit's end),
 * what each day page, the dashboard and the private feed show them, by the pages' own rules: the
 * one access rule, the day banner's offer and words (offeredPass, dayPageTexts, textValuesOf),
 * the dashboard's tier cards (tierOffers) and the countdown's sentence (deadlineFields).
 */
import type { AccessAnswer } from '../../domain/access/access-rule.ts';
import { listeningOf } from '../../domain/access/listening.ts';
import { deadlineFields, readerTimeZone } from '../../domain/countdown.ts';
import { episodesInFeed, FEED_DAYS } from '../../domain/podcast/drip.ts';
import { audibleDays } from '../feed/feed-access.ts';
import { fillText } from '../../domain/edition-texts/fill.ts';
import { formatZonedDateTime } from '../../domain/dates.ts';
import { formatMoney } from '../../domain/money.ts';
import { offeredPass, passesAbove } from '../../domain/offered-pass.ts';
import { readerPricing, tierOffers } from '../../domain/offers.ts';
import { priceNow } from '../../domain/pass-price.ts';
import { passKinds } from '../../domain/passes.ts';
import { registeredAt, stateAt, type CastMember, type MemberState } from '../../domain/rehearsal/cast.ts';
import { pageAnswer, type PageQuestion } from '../../domain/rehearsal/page-states.ts';
import type { Finding, TimelineEntry } from '../../domain/rehearsal/report.ts';
import { quotedAmounts, timeProblems } from '../../domain/rehearsal/text-checks.ts';
import { textValuesOf } from '../../domain/text-values.ts';
import { buyerOf, chargeableAmounts } from './checkout-prices.ts';
import { chargedAmount } from '../payments/open-checkout.ts';
import { linkProblem } from './link-check.ts';
import { thankYouAt } from './thank-you-run.ts';
import { dayOf, momentsOf, type RunContext } from './run-context.ts';

const MINUTE = 60_000;

/** The moments worth a look for this registrant, from their registration on. */
function pageMoments(member: CastMember, context: RunContext): { at: number; moment: string }[] {
  const { inputs } = context;
  const moments = momentsOf(member, context);
  const from = registeredAt(member);
  const earlyEnds = passKinds.flatMap((pass) => {
    const until = priceNow(inputs.edition.settings.upgrade[pass], new Date(from)).until;
    return until
      ? [
          { at: Date.parse(until) - MINUTE, moment: 'Just before an early price ends' },
          { at: Date.parse(until) + MINUTE, moment: 'Just after an early price ends' },
        ]
      : [];
  });
  const candidates = [
    { at: from + MINUTE, moment: 'Just after registering' },
    ...moments.days.flatMap(({ day, start, end }) => [
      { at: start + MINUTE, moment: `Day ${day} has just opened` },
      { at: end - MINUTE, moment: `Day ${day} is about to close` },
    ]),
    ...earlyEnds,
    { at: moments.summitEnd + 60 * MINUTE, moment: 'An hour after the summit' },
    { at: moments.summitEnd + 7 * 24 * 60 * MINUTE, moment: 'A week after the summit' },
  ];
  // One look per instant: registering as a day opens is one moment, named by the first.
  const seen = new Set<number>();
  return candidates
    .filter((candidate) => candidate.at > from)
    .sort((a, b) => a.at - b.at)
    .filter((candidate) => !seen.has(candidate.at) && Boolean(seen.add(candidate.at)));
}

/** What a page shows, in words, with the time it names written as the page writes it. */
function shows(answer: AccessAnswer, timeZone: string): string {
  const listening = listeningOf(answer);
  if (answer.kind === 'sign-in') return 'Asks them to sign in';
  if (answer.kind === 'reduced') return 'Their reduced dashboard (their days, their feed, the upgrade)';
  if (listening.kind === 'opens') return `Not yet: opens ${formatZonedDateTime(listening.at, timeZone)}`;
  if (listening.kind === 'closed') return 'Closed: redirects';
  return answer.kind === 'allowed' && answer.until ? `Open until ${formatZonedDateTime(answer.until, timeZone)}` : 'Open';
}

/** One look at a registrant's pages: who, when, what they hold then, and where a finding goes. */
interface Look {
  member: CastMember;
  /** Their id in the rehearsal (their links carry it). */
  id: number;
  at: number;
  state: MemberState;
  question: PageQuestion;
  add: (kind: Finding['kind'], where: string, text: string) => void;
}

type ShownPage = { page: string; shows: string; offer: string | null };

/** The three day pages: open or not, the countdown's sentence, the upgrade banner and its prices. */
function dayPagesAt({ member, id, at, state, question, add }: Look, context: RunContext): ShownPage[] {
  const { inputs } = context;
  const { edition } = inputs;
  // The reader's zone as the pages pick it for a signed-in registrant (readerTimeZone), and the zone they read in.
  const pageZone = readerTimeZone(member.timeZone, edition.timezone);
  const readerZone = member.timeZone ?? edition.timezone;
  const allowed = chargeableAmounts(edition, { member, at, tier: state.tier });
  const values = textValuesOf(edition);
  const banner = {
    heading: fillText(edition.settings.texts.dayPage.upgradeHeading, values),
    text: fillText(edition.settings.texts.dayPage.upgradeText, values),
  };
  const offered = offeredPass(state.tier);
  return ([1, 2, 3] as const).map((day) => {
    const answer = pageAnswer(question, `day${day}`, at);
    const where = `Day ${day} page`;
    const deadline = answer.kind === 'allowed' || answer.kind === 'not-yet' ? answer.countdown?.deadline : undefined;
    // The countdown's sentence, written by the server as the page writes it.
    if (deadline)
      for (const problem of timeProblems(deadlineFields(deadline, pageZone).deadlineText, readerZone, at))
        add('time-zone', `${where}, countdown`, problem);
    if (!offered || answer.kind === 'over' || answer.kind === 'sign-in')
      return { page: where, shows: shows(answer, pageZone), offer: null };
    if (!banner.heading.trim()) add('empty-heading', where, 'The upgrade banner’s heading is empty');
    if (state.held.includes(offered))
      add('held-pass-offered', where, `The banner offers the ${edition.settings.upgrade[offered].name}, which they hold`);
    const broken = linkProblem(inputs.checkoutUrls[offered] ?? '', { member, id, at }, context);
    if (broken) add('link', `${where}, upgrade banner`, broken);
    const { currency, lang } = { currency: edition.settings.checkout.currency, lang: edition.settings.texts.meta.lang };
    for (const quoted of quotedAmounts(`${banner.heading} ${banner.text}`, currency, lang)) {
      if (!allowed.has(quoted.amount))
        add('price', `${where}, upgrade banner`, `The banner’s words quote ${quoted.text}; the checkout would charge otherwise`);
    }
    return { page: where, shows: shows(answer, pageZone), offer: `${banner.heading}: ${banner.text}` };
  });
}

/** The dashboard: open, reduced or over, and its tier cards at the checkout's prices. */
function dashboardAt({ member, id, at, state, question, add }: Look, context: RunContext): ShownPage {
  const { inputs } = context;
  const { edition } = inputs;
  const dashboard = pageAnswer(question, 'dashboard', at);
  const buyer = buyerOf(edition, { member, at, tier: state.tier });
  // The pricing the dashboard shows them: an early price's deadline in their own zone, as the page writes it.
  const pricing = readerPricing(edition, new Date(at), { readerZone: member.timeZone, replayPaid: buyer.replay?.paid ?? null });
  const cards = tierOffers(edition.settings.upgrade, inputs.checkoutUrls, pricing).filter(
    (tier) => tier.id !== 'free' && passesAbove(state.tier).includes(tier.id),
  );
  for (const card of cards) {
    if (card.id === 'free') continue;
    const broken = linkProblem(inputs.checkoutUrls[card.id] ?? '', { member, id, at }, context);
    if (broken) add('link', `Dashboard, ${card.name} card`, broken);
    const charged = chargedAmount(edition, card.id, { buyer, now: new Date(at) });
    const chargedText = formatMoney(charged, pricing.currency, pricing.lang);
    if (card.price !== charged && card.price !== 0)
      add('price', 'Dashboard', `The ${card.name} card shows ${card.priceText}; the checkout would charge ${chargedText}`);
    for (const problem of timeProblems(card.priceNote, member.timeZone ?? edition.timezone, at))
      add('time-zone', `Dashboard, ${card.name} card`, problem);
  }
  const offer = cards.map((card) => `${card.name} ${card.priceText}${card.priceNote ? ` (${card.priceNote})` : ''}`).join('; ');
  return {
    page: 'Dashboard',
    shows: shows(dashboard, readerTimeZone(member.timeZone, edition.timezone)),
    offer: dashboard.kind === 'over' || !offer ? null : offer,
  };
}

/** The private feed's own answer: the days dripped to them that the access rule lets them hear, and their episodes. */
function feedAt({ member, at, state }: Look, { inputs }: RunContext): string[] {
  const opened = audibleDays({
    edition: inputs.edition,
    timers: new Map(FEED_DAYS.map((day) => [day, inputs.timers[`day${day}`] ?? null])),
    registrant: {
      id: 0,
      editionId: inputs.edition.id,
      firstName: member.firstName,
      tier: state.tier,
      registeredAt: new Date(registeredAt(member)),
    },
    now: new Date(at),
  });
  return episodesInFeed(inputs.episodes, opened).map((episode) => `Day ${episode.day}: ${episode.title}`);
}

/** The pages and feed at one moment, with what they contradict added to the findings. */
function pagesAt(
  { member, id }: { member: CastMember; id: number },
  { at, moment }: { at: number; moment: string },
  context: RunContext,
): TimelineEntry {
  const { edition, timers } = context.inputs;
  const state = stateAt(member, at);
  const look: Look = {
    member,
    id,
    at,
    state,
    question: { mode: edition.accessMode, timers, tier: state.tier, registeredAt: registeredAt(member) },
    add: (kind, where, text) =>
      context.findings.push({ kind, registrant: member.key, at: new Date(at).toISOString(), where, text, imposedBy: null }),
  };
  // The thank-you page is where registering lands them: shown with their first look.
  const thankYou = at - registeredAt(member) <= MINUTE ? [thankYouAt({ member, id, at: registeredAt(member) }, context)] : [];
  const pages = [...thankYou, ...dayPagesAt(look, context), dashboardAt(look, context)];
  return { kind: 'pages', at: new Date(at).toISOString(), day: dayOf(member, at, context), moment, pages, feed: feedAt(look, context) };
}

/** The registrant's pages at each moment worth a look, until they are erased. */
export function rehearsePages(member: CastMember, id: number, context: RunContext): TimelineEntry[] {
  return pageMoments(member, context)
    .filter(({ at }) => !stateAt(member, at).erased)
    .map(({ at, moment }) => pagesAt({ member, id }, { at, moment }, context));
}

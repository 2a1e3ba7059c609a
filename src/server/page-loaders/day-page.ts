/** Loads everything a day page shows (SPEC.md "Day pages"), or says to redirect or 404. */
import type { DayPageData } from '../../domain/day-page.ts';
import { checkoutUrlFor } from '../../domain/access/checkout.ts';
import { loadDayHost, loadDaySpeakers, loadEditionDay } from '../people/people-blocks.ts';
import { getDatabase } from '../db/index.ts';
import { subscribeOptionsFor } from '../feed/subscribe-options.ts';
import { buyerOf } from '../access/registrant-session.ts';
import type { PersonalPart } from './personal-page.ts';
import { destinationLabel, openTimedPage, personalize, type PageContext } from './timed-page.ts';
import { loadDayEpisodes } from '../episodes/day-episodes.ts';

export type DayPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  /** The visitor's page whole, from the kept shell. */
  | { kind: 'filled'; response: Response }
  /**
   * Render `data`; with `personal`, render it with the slot and src/middleware.ts keeps the shell
   * and fills it. `personal` is null for a signed-in registrant, whose page is their own (rendered
   * whole). signedIn: for the site header (the registrant's edition), null when anonymous.
   */
  | { kind: 'page'; data: DayPageData; personal: PersonalPart | null; signedIn: { editionSlug: string } | null };

const DAYS = ['1', '2', '3'];

/** `audioHost`: AUDIO_EMBED_HOST, the only host episode embeds may come from (the page passes its request's configuration). */
export async function loadDayPage({
  slug,
  dayParam,
  context,
  audioHost,
}: {
  slug: string;
  dayParam: string | undefined;
  context: PageContext;
  audioHost: string;
}): Promise<DayPageResult> {
  if (!dayParam || !DAYS.includes(dayParam)) return { kind: 'not-found' };
  const day = Number(dayParam);
  const { db } = await getDatabase();
  const opened = await openTimedPage({ db, slug, page: `day${day}` as 'day1' | 'day2' | 'day3', context });
  if (opened.kind !== 'open') return opened;
  const { edition, access, now, hostContext, registrant } = opened;
  const { personal, filled } = personalize(context, opened, `Day ${day}`);
  if (filled) return { kind: 'filled', response: filled };

  const [dayInfo, speakers, host, episodes] = await Promise.all([
    loadEditionDay(db, edition, day),
    loadDaySpeakers(db, edition, day),
    loadDayHost(db, edition, day),
    loadDayEpisodes(db, edition.id, day),
  ]);
  const redirectTo = 'redirectTo' in access ? access.redirectTo : null;
  return {
    kind: 'page',
    personal,
    signedIn: registrant ? { editionSlug: registrant.editionSlug } : null,
    data: {
      summit: edition.slug,
      editionName: edition.name,
      day,
      nextLabel: redirectTo ? destinationLabel(redirectTo, 'the course page') : null,
      access,
      now: now.getTime(),
      dayInfo,
      speakers,
      host,
      // A signed-in registrant's checkout carries their reference, so the payment finds them.
      allAccessUrl: checkoutUrlFor(edition.settings.upgrade.aapCheckoutUrl, buyerOf(registrant)),
      hostContext,
      audioHost,
      episodes,
      // A signed-in registrant's page is their own (never a shared shell): it may show their feed.
      subscribe: await subscribeOptionsFor(registrant, context.request, context.url),
    },
  };
}

/** Loads everything a day page shows (docs/PRODUCT.md "Day pages"), or says to redirect or 404. */
import type { DayPageData } from '../../domain/day-page.ts';
import { checkoutUrlFor } from '../../domain/access/checkout.ts';
import { passCheckoutUrls } from '../payments/checkout-config.ts';
import { offeredPass } from '../../domain/offered-pass.ts';
import { loadDayHost, loadDaySpeakers, loadEditionDay } from '../people/people-blocks.ts';
import { getDatabase } from '../db/index.ts';
import { destinationLabel, openTimedPage, personalize, pageToRender, shownListening } from './timed-page.ts';
import type { PageContext, PersonalPageResult } from './timed-page.ts';
import { loadDayEpisodes } from '../episodes/day-episodes.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { dayPageTexts } from '../../domain/edition-texts/page-texts.ts';
import { textValuesOf } from '../../domain/text-values.ts';
import { pageMeta } from '../../domain/page-meta.ts';

export type DayPageResult = PersonalPageResult<DayPageData>;

const DAYS = ['1', '2', '3'];

/** `audioHost`: AUDIO_EMBED_HOST, the only host external players may come from (the page passes its request's configuration). */
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
  const { edition, access, now, hostContext } = opened;
  const { personal, filled, marked } = await personalize(context, opened, `Day ${day}`);
  if (filled) return { kind: 'filled', response: filled };

  const [dayInfo, speakers, host, episodes, brand] = await Promise.all([
    loadEditionDay(db, edition, day),
    loadDaySpeakers(db, edition, day),
    loadDayHost(db, edition, day),
    loadDayEpisodes(db, edition.id, audioHost),
    loadSiteBrand(),
  ]);
  const passName = edition.settings.upgrade.aap.name;
  const redirectTo = 'redirectTo' in access ? access.redirectTo : null;
  return pageToRender(opened, personal, {
    summit: edition.slug,
    editionName: edition.name,
    day,
    nextLabel: redirectTo ? destinationLabel(redirectTo, 'the course page') : null,
    access,
    now: now.getTime(),
    timeZone: edition.timezone,
    dayInfo,
    speakers,
    host,
    // A signed-in registrant's checkout carries their reference, so the payment finds them.
    allAccessUrl: checkoutUrlFor(passCheckoutUrls(edition).aap, marked?.buyer ?? null),
    allAccessName: passName,
    texts: dayPageTexts(edition.settings.texts, { day, brand, values: textValuesOf(edition) }),
    meta: pageMeta(edition.settings.texts, brand),
    // The shell is cached per tier, so whether the offer shows is part of it (cached-personal-pages.ts).
    offerShown: offeredPass(opened.registrant?.tier ?? 'free') !== null,
    hostContext,
    audioHost,
    episodes: episodes.get(day) ?? [],
    // The page is rendered once as the shell of everyone in this state: when the day opens is a field.
    listening: shownListening(opened.days.get(day), day, { marked: true, timeZone: edition.timezone }),
    subscribe: marked?.subscribe ?? null,
  });
}

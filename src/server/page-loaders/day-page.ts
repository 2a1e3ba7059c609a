/** Loads everything a day page shows (SPEC.md "Day pages"), or says to redirect or 404. */
import type { DayPageData } from '../../domain/day-page.ts';
import { loadDayHost, loadDaySpeakers, loadEditionDay } from '../people/people-blocks.ts';
import { getDatabase } from '../db/index.ts';
import { env } from '../env.ts';
import type { PersonalPart } from './personal-page.ts';
import { destinationLabel, openTimedPage, personalize, type PageContext } from './timed-page.ts';

export type DayPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  /** The visitor's page whole, from the kept shell. */
  | { kind: 'filled'; response: Response }
  /** Render `data` with the slot; src/middleware.ts keeps the shell and fills it with `personal`. */
  | { kind: 'page'; data: DayPageData; personal: PersonalPart };

const DAYS = ['1', '2', '3'];

export async function loadDayPage(slug: string, dayParam: string | undefined, context: PageContext): Promise<DayPageResult> {
  if (!dayParam || !DAYS.includes(dayParam)) return { kind: 'not-found' };
  const day = Number(dayParam);
  const { db } = await getDatabase();
  const opened = await openTimedPage(db, slug, `day${day}` as 'day1' | 'day2' | 'day3', context);
  if (opened.kind !== 'open') return opened;
  const { edition, access, now } = opened;
  const { personal, filled } = personalize(context, access, now, `Day ${day}`);
  if (filled) return { kind: 'filled', response: filled };

  const [dayInfo, speakers, host] = await Promise.all([
    loadEditionDay(db, edition, day),
    loadDaySpeakers(db, edition, day),
    loadDayHost(db, edition, day),
  ]);
  const redirectTo = 'redirectTo' in access ? access.redirectTo : null;
  return {
    kind: 'page',
    personal,
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
      allAccessUrl: edition.settings.upgrade.aapCheckoutUrl,
      audioHost: env().AUDIO_EMBED_HOST,
    },
  };
}

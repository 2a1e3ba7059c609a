/**
 * An instant with its weekday, date, time and zone ('Wednesday 30 July at 10:00 am AEST'); the
 * zone and locale are the caller's. A module of its own, apart from dates.ts, because the day
 * pages' script (src/layouts/PageScripts.astro) uses it: a module that an island also imports
 * becomes a shared chunk, and the page's script then stops being inlined (a script file and its
 * chunk asked for before the largest paint: +100 ms of simulated mobile LCP, decision 0026).
 */
export const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

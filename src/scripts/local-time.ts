import { DAY_AND_TIME } from '../domain/day-and-time.ts';

/** Shows each <time data-local-time datetime="…"> in the visitor's own time zone as well. */
const format = new Intl.DateTimeFormat(undefined, DAY_AND_TIME);

for (const element of document.querySelectorAll<HTMLTimeElement>('time[data-local-time]')) {
  const instant = new Date(element.dateTime);
  if (!Number.isNaN(instant.getTime())) element.textContent = format.format(instant);
}

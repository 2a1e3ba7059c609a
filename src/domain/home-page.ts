/**
 * How the home page names the edition it shows (decision 0031): the hero's line, the page title
 * and the sticky bar carry that edition's name and dates, never fixed ones. A name the dates
 * already say ("July" over "July 15-17, 2025") is not said twice.
 */
import { formatDayRange, formatDayRangeWithYear } from './dates.ts';

interface ShownEdition {
  name: string;
  summitStartDate: string;
  summitEndDate: string;
}

/** 'July 15-17, 2025' or 'December 30 - January 1, 2027' (the year the summit ends). */
export function summitDatesWithComma(startIso: string, endIso: string): string {
  return `${formatDayRange(startIso, endIso)}, ${endIso.slice(0, 4)}`;
}

/** Whether the text already says the name as a word ("July" in "July 15-17"), ignoring case. */
function says(text: string, name: string): boolean {
  const words = name.trim().toLowerCase();
  if (!words) return true;
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `.includes(` ${words.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `);
}

/** The edition's name before its dates, unless the dates already say it. */
function named(name: string, dates: string): string {
  return says(dates, name) ? dates : `${name.trim()} · ${dates}`;
}

export interface HomePageWording {
  /** The hero's line above the heading: 'July 15-17, 2025', 'Winter Sound · December 15-17, 2026'. */
  heroLine: string;
  /** After the site's name in the page title: 'Free, July 15-17', 'Winter Sound · Free, December 15-17'. */
  titleSuffix: string;
  /** The dates the schedule and the sticky bar show: 'July 15-17'. */
  dayRange: string;
}

export function homePageWording(edition: ShownEdition): HomePageWording {
  const dayRange = formatDayRange(edition.summitStartDate, edition.summitEndDate);
  const heroLine = named(edition.name, summitDatesWithComma(edition.summitStartDate, edition.summitEndDate));
  const titleSuffix = says(dayRange, edition.name) ? `Free, ${dayRange}` : `${edition.name.trim()} · Free, ${dayRange}`;
  return { heroLine, titleSuffix, dayRange };
}

/** What a site-wide FAQ answer writes for the dates of the edition the home page shows. */
export const SUMMIT_DATES_FIELD = '{{summit_dates}}';

/**
 * The FAQ as the home page shows it: the FAQ is the site's, the dates are the shown edition's
 * ('July 15-17 2025', as docs/PRODUCT.md "Dates" writes them), so an answer names them by SUMMIT_DATES_FIELD
 * instead of a fixed date that would be another edition's once the host shows their own.
 */
export function faqForEdition<T extends { answer: string }>(items: readonly T[], edition: ShownEdition): T[] {
  const dates = formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate);
  return items.map((item) => ({ ...item, answer: item.answer.replaceAll(SUMMIT_DATES_FIELD, dates) }));
}

/** Why the edition the home page shows cannot be deleted, and what to do instead. */
export function homeEditionDeletionMessage(editionName: string): string {
  return `${editionName} cannot be deleted while the home page shows it: /, /register and the unprefixed pages would have no edition. On the Editions screen, choose “Show on the home page” for another edition first.`;
}

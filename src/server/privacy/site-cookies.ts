/**
 * Every cookie the site sets, with the file that sets it, for the privacy page: the names and
 * lifetimes are those files' own constants, so the page cannot drift from them, and a test
 * (tests/server/privacy/privacy-page.test.ts) fails when a file sets a cookie this list lacks.
 */
import { REFERRER_MAX_AGE_SECONDS, referrerCookieName } from '../../domain/attribution/referrer-cookie.ts';
import { lifetimeWords, type SiteCookie } from '../../domain/privacy/privacy-notice.ts';
import { COOKIE_MAX_AGE_SECONDS, REGISTRANT_COOKIE, SIGNED_IN_HINT_COOKIE } from '../access/registrant-session.ts';
import { VISITOR_COOKIE, VISITOR_COOKIE_SECONDS } from '../access/visitor-cookie.ts';
import { ADMIN_COOKIE, SESSION_DAYS } from '../auth/sessions.ts';
import { REGISTERED_NAME_COOKIE, REGISTERED_NAME_SECONDS } from '../registrants/thank-you-cookie.ts';

export const SITE_COOKIES: readonly (SiteCookie & { setIn: string })[] = [
  {
    name: VISITOR_COOKIE,
    who: 'Every visitor of a day page or the dashboard',
    purpose: 'A random number, so the site knows when you first opened each page and how long it stays open to you.',
    lasts: lifetimeWords(VISITOR_COOKIE_SECONDS),
    setIn: 'src/server/access/visitor-cookie.ts',
  },
  {
    name: REGISTRANT_COOKIE,
    who: 'A registrant who opened their personal link',
    purpose: 'Your personal key, so you stay signed in to your pages.',
    lasts: lifetimeWords(COOKIE_MAX_AGE_SECONDS),
    setIn: 'src/server/access/registrant-session.ts',
  },
  {
    name: SIGNED_IN_HINT_COOKIE,
    who: 'A registrant who opened their personal link',
    purpose: 'The summit you are signed in to (nothing secret), so the page header shows your links.',
    lasts: lifetimeWords(COOKIE_MAX_AGE_SECONDS),
    setIn: 'src/server/access/registrant-session.ts',
  },
  {
    name: REGISTERED_NAME_COOKIE,
    who: 'Someone who just registered',
    purpose: 'Your first name, so the thank-you page can greet you without putting it in the address.',
    lasts: lifetimeWords(REGISTERED_NAME_SECONDS),
    setIn: 'src/server/registrants/thank-you-cookie.ts',
  },
  {
    name: referrerCookieName(0).replace(/0$/, '{summit}'),
    who: 'A visitor who followed someone’s share link',
    purpose: 'Which share link brought you, so the person who shared it is credited if you register.',
    lasts: lifetimeWords(REFERRER_MAX_AGE_SECONDS),
    setIn: 'src/server/attribution/referrer-cookie.ts',
  },
  {
    name: ADMIN_COOKIE,
    who: 'The site’s admins',
    purpose: 'The admin’s signed-in session.',
    lasts: lifetimeWords(SESSION_DAYS * 86_400),
    setIn: 'src/server/auth/sessions.ts',
  },
];

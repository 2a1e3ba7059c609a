/**
 * The four AI prompts of the brand configuration page (docs/PRODUCT.md "Brand configuration"): colour
 * scheme, summit content, redirect URLs and timer configuration. Pure: each embeds the current
 * brand values, with the spec's defaults for empty colours and numbers and "(not set)" for any
 * other empty value, and tells the assistant how THIS site is built, so the answer lands in the
 * right files.
 */
import { BRAND_DEFAULTS, contrastRatio, INK, strongShade, WHITE, type BrandConfig } from './brand.ts';

export type BrandPromptId = 'colours' | 'content' | 'redirects' | 'timer';

export interface BrandPrompt {
  id: BrandPromptId;
  title: string;
  text: string;
}

export const NOT_SET = '(not set)';

const HEX = /^#[0-9a-fA-F]{6}$/;

const STACK =
  'The site is a self-hosted summit website built with Astro 7 (server output on Node), React 19 islands, TypeScript (strict) and Tailwind CSS v4, with Zod schemas for all data.';

function text(value: string | undefined | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? NOT_SET : trimmed;
}

function colour(value: string | undefined | null, fallback: string): string {
  const trimmed = (value ?? '').trim();
  return HEX.test(trimmed) ? trimmed.toUpperCase() : fallback;
}

function wholeNumber(value: number | undefined | null, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

const ratio = (a: string, b: string) => `${contrastRatio(a, b).toFixed(2)}:1`;

function colourPrompt(config: BrandConfig): string {
  const summit = text(config.summitName);
  const primary = colour(config.primaryColor, BRAND_DEFAULTS.primaryColor);
  const secondary = colour(config.secondaryColor, BRAND_DEFAULTS.secondaryColor);
  const accent = colour(config.accentColor, BRAND_DEFAULTS.accentColor);
  const strong = strongShade(primary);
  const contrast = (name: string, hex: string) =>
    `   - ${name} ${hex}: ${ratio(hex, WHITE)} against white (#FFFFFF), ${ratio(hex, INK)} against the ink text colour (${INK}).`;
  return `${STACK}

Apply this colour scheme to the summit website.

Summit name: ${summit}

Brand colours:
- Primary: ${primary} (CSS variable --brand-primary): buttons, links, focus rings and highlights.
- Secondary: ${secondary} (CSS variable --brand-secondary): gradients and secondary accents.
- Accent: ${accent} (CSS variable --brand-accent): badges, success states and small highlights.
- Primary, strong shade: ${strong} (CSS variable --brand-primary-strong): the lightest shade of the primary colour that white text reads on at 4.5:1 or more.

How the colours work in this codebase:
- src/styles/global.css maps the Tailwind v4 theme tokens in its @theme block to CSS variables: --color-brand-primary: var(--brand-primary, ...), --color-brand-secondary: var(--brand-secondary, ...), --color-brand-accent: var(--brand-accent, ...) and --color-brand-primary-strong: var(--brand-primary-strong, ...). The fallbacks are the default colours.
- The applied brand configuration sets those variables on :root in every page's <head> (src/domain/brand.ts brandCssVariables and strongShade, written by src/layouts/BrandStyle.astro with its hash in the Content-Security-Policy). White-labelling is data, not a rebuild.
- Components use the token classes: bg-brand-primary-strong behind white text, text-brand-primary-strong for brand-coloured text on white, and bg-brand-primary/10, from-brand-primary/15, to-brand-secondary/10, ring-brand-primary/20 and the like for tints. Body text uses text-ink (${INK}) and text-muted.

Tasks:
1. Make sure the site shows these colours: apply this configuration, or set --brand-primary to ${primary}, --brand-primary-strong to ${strong}, --brand-secondary to ${secondary} and --brand-accent to ${accent} (and, to make them the defaults, the fallback values in the @theme block of src/styles/global.css).
2. Keep every component on the token classes: do not replace them with literal hex values or Tailwind palette colours (bg-purple-500 and the like).
3. Check contrast (WCAG 2.2 AA: 4.5:1 for normal text, 3:1 for large text and interface parts). Current ratios:
${contrast('Primary', primary)}
${contrast('Primary, strong shade', strong)}
${contrast('Secondary', secondary)}
${contrast('Accent', accent)}
   Find every place where text sits on (or is coloured with) the secondary or accent colour, and use a strong shade or ink text where a pair falls below the threshold.
4. Do not add inline style attributes or <style> tags in components: the Content-Security-Policy forbids inline styles. All colour goes through the CSS variables and Tailwind classes.
5. Keep visible focus indicators (focus-visible:outline-brand-primary) with at least 3:1 contrast against the page background.

Reply with the changed files and a short table of each colour pair and its contrast ratio.`;
}

function contentPrompt(config: BrandConfig): string {
  const summit = text(config.summitName);
  const logo = config.logoFile.trim() !== '' ? config.logoFile.trim() : text(config.logoUrl);
  return `${STACK}

Write the copy of the summit website for the summit below, in a warm, heart-led voice for spiritual, heart-led entrepreneurs. Keep the page structure and heading levels (one <h1> per page).

Summit details:
- Summit name: ${summit}
- Tagline: ${text(config.tagline)}
- Logo: ${logo}
- Website: ${text(config.websiteUrl)}

Host:
- Name: ${text(config.hostName)}
- Title: ${text(config.hostTitle)}
- Bio: ${text(config.hostBio)}

Social links:
- Instagram: ${text(config.socialLinks.instagram)}
- LinkedIn: ${text(config.socialLinks.linkedin)}
- Facebook: ${text(config.socialLinks.facebook)}
- Twitter: ${text(config.socialLinks.twitter)}

Contact:
- Support e-mail: ${text(config.emailSettings.supportEmail)}
- Reply-to e-mail: ${text(config.emailSettings.replyToEmail)}
- Company name: ${text(config.legalInfo.companyName)}

How content works in this codebase:
- The applied brand configuration is read on the server into a SiteBrand (resolveSiteBrand in src/domain/brand.ts): summit name, tagline, logo, host name, title and bio, social and legal links, support e-mail. The landing page components receive it as props (src/components/landing/: Hero, HostSection, ClosingSection, ...), and empty values show the site's defaults or placeholders such as [Your Name].
- The rest of the copy is in the components (src/components/landing/: AboutSection, WhyAudioSection, ScheduleSection, FaqSection, StickyBar), the FAQ (src/content/faq.ts), the thank-you page (src/views/ThankYouPage.tsx) and the confirmation e-mail (src/server/mail/templates.ts). Editions (july, august, september, ...) are data rows with their own settings.

Tasks:
1. Rewrite the copy that is still generic (About, Why Audio, the FAQ answers, the thank-you page, the confirmation e-mail) so it speaks for ${summit === NOT_SET ? 'this summit' : `"${summit}"`} and its host. Keep the facts (dates, prices, free, 3 days, audio-only) unchanged.
2. Never hard-code a value that comes from the brand configuration (summit name, tagline, logo, host, links, e-mails): read it from the SiteBrand.
3. ${config.hostBio.trim() === '' ? 'The host bio is (not set): draft a first-person bio of about 120 words from the host name and title, with [brackets] around any fact the host must confirm.' : 'Edit the host bio for the page: short paragraphs, first person, about 120 words, keeping every fact as given.'}
4. Write a meta description (under 160 characters, naming the summit) for the landing, registration and thank-you pages (the description prop of src/layouts/Page.astro).
5. Alt texts: "${summit === NOT_SET ? 'Summit' : summit} logo" for the logo, and the host's name for the host portrait. Social links open in a new tab (target="_blank" rel="noopener noreferrer").
6. Anything marked ${NOT_SET}: keep the current text and list it at the end of your answer as still to do. Do not invent names, credentials, testimonials or links.

Reply with the changed files.`;
}

function redirectsPrompt(config: BrandConfig): string {
  const { salesPage, thankYou, course } = config.redirectUrls;
  return `${STACK}

Configure where the summit website sends its visitors.

Summit name: ${text(config.summitName)}

Redirect targets:
- Sales page: ${text(salesPage)}
  Where purchase and upgrade buttons lead (the upgrade offer on /thank-you, the All Access Pass calls to action on the day pages and dashboards).
- Thank-you page: ${text(thankYou)}
  Where a visitor lands after registering. The built-in page is /thank-you; use an external URL only if the thank-you page lives elsewhere.
- Course: ${text(course)}
  The course page visitors reach at the end of the summit.

How redirects work in this codebase:
- Editions are data, not code: each edition (july, august, september, ...) is a row whose settings document (src/domain/edition.ts, editionSettingsSchema) holds links.courseUrl, links.mainSiteUrl and the upgrade checkout URLs (upgrade.replayCheckoutUrl, upgrade.aapCheckoutUrl).
- Each timed page of an edition (day1, day2, day3, dashboard) has a timer config with a redirectUrl, used when the visitor's access window closes: day 1 goes to "day-2", day 2 to "day-3", day 3 to the course page and the dashboard to the main site. A relative redirectUrl such as "day-2" is resolved against the page's own URL (so /august/day-1 goes to /august/day-2); absolute URLs are used as they are.
- After a successful registration the visitor goes to the applied brand's thank-you URL, or to the built-in /thank-you page when none is set (src/server/registrants/registration-form.ts).

Tasks:
1. For every edition, set links.courseUrl and the day3 timer's redirectUrl to the course URL.
2. Point the upgrade and purchase buttons (upgrade.replayCheckoutUrl, upgrade.aapCheckoutUrl and the day-page and dashboard calls to action) at the sales page.
3. Make sure a successful registration lands on the thank-you page above (both the plain form post and the JavaScript submit), and that the built-in /thank-you page is still used when it is not set.
4. Keep the relative day-to-day redirects ("day-2", "day-3") unchanged, and keep every external URL on https://.
5. Open external links in a new tab (target="_blank" rel="noopener noreferrer").
6. Leave any target marked ${NOT_SET} as it is and say so in your answer.
7. Add or update a test that an expired day 3 redirects to the course URL.

Reply with the changed settings and files.`;
}

function timerPrompt(config: BrandConfig): string {
  const mode = config.timerSettings.mode === 'live' ? 'live' : 'evergreen';
  const days = wholeNumber(config.timerSettings.daysAvailable, BRAND_DEFAULTS.daysAvailable);
  const hours = wholeNumber(config.timerSettings.hoursPerDay, BRAND_DEFAULTS.hoursPerDay);
  const course = text(config.redirectUrls.course);
  const day3Redirect = course === NOT_SET ? '<keep the current course URL: none is set here>' : `'${course}'`;
  const daySeconds = hours * 3600;
  const accessSeconds = days * 24 * 3600;
  const modeSpecific =
    mode === 'evergreen'
      ? `Evergreen mode: every visitor gets their own window, starting at their first visit to the page (recorded by the upsert_user_session procedure; the first visit is kept). Time left = first visit + durationSeconds - now.
- day1: { mode: 'evergreen', durationSeconds: ${daySeconds}, redirectUrl: 'day-2' }  (${hours} hours)
- day2: { mode: 'evergreen', durationSeconds: ${daySeconds}, redirectUrl: 'day-3' }  (${hours} hours)
- day3: { mode: 'evergreen', durationSeconds: ${daySeconds}, redirectUrl: ${day3Redirect} }  (${hours} hours)
- dashboard: { mode: 'evergreen', durationSeconds: ${accessSeconds}, redirectUrl: <the edition's links.mainSiteUrl> }  (${days} days)
At zero the page shows 'Your summit access is now over - Redirecting you now...' and redirects after 2 seconds.`
      : `Live mode: everyone shares the same wall-clock window, read in the edition's IANA time zone (daylight saving handled). Before the start the page counts down to the start, between start and end to the end.
- day1: { mode: 'live', eventStartDate: '<summit start date>T00:00', eventEndDate: <start + ${hours} hours>, timezone: '<the edition's time zone>', redirectUrl: 'day-2' }
- day2: { mode: 'live', eventStartDate: '<start date + 1 day>T00:00', eventEndDate: <start + ${hours} hours>, timezone: '<the edition's time zone>', redirectUrl: 'day-3' }
- day3: { mode: 'live', eventStartDate: '<start date + 2 days>T00:00', eventEndDate: <start + ${hours} hours>, timezone: '<the edition's time zone>', redirectUrl: ${day3Redirect} }
- dashboard: { mode: 'evergreen', durationSeconds: ${accessSeconds}, redirectUrl: <the edition's links.mainSiteUrl> }  (${days} days after the first visit)
Dates are local date-times like 2025-09-23T00:00. After the end the page shows 'The {day} event has ended - Redirecting you now...' and redirects after 3 seconds.`;
  return `${STACK}

Configure the access timers of the summit website.

Summit name: ${text(config.summitName)}

Timer settings:
- Mode: ${mode === 'live' ? 'Live' : 'Evergreen'}
- Days available: ${days} (how long the members dashboard stays open)
- Hours per day: ${hours} (how long each day page stays open)
- Course page (where day 3 ends up): ${course}

How timers work in this codebase:
- Each edition (july, august, september, ...) is data, with one timer config per timed page: day1, day2, day3 and dashboard (the timer_configs table, validated by timerConfigSchema in src/domain/edition.ts: evergreen { durationSeconds, redirectUrl } or live { eventStartDate, eventEndDate, timezone, redirectUrl }).
- The server enforces the window (src/domain/timer.ts computeTimer and src/server/page-loaders/timed-page.ts): a closed window answers with a redirect, so the countdown in the browser is only a display that ticks every second.
- Access is per anonymous browser session: a random UUID session id is stored in the browser and its first visit per page is recorded.

Set the timer configs like this:
${modeSpecific}

Tasks:
1. Update the timer config of every timed page of each edition as above (in the demo content, src/content/editions.ts, and in the database rows of editions that already exist).
2. Keep the relative redirects ("day-2", "day-3") relative so they stay inside the edition's path.
3. ${course === NOT_SET ? 'The course URL is (not set): keep the current day 3 redirect and say so in your answer.' : `Use ${course} as the day 3 redirect.`}
4. Add or update tests that open a page just before and just after its window closes (the tests set the clock) and check the countdown and the redirect.

Reply with the changed timer configs and files.`;
}

export function brandPrompts(config: BrandConfig): BrandPrompt[] {
  return [
    { id: 'colours', title: 'Colour Scheme', text: colourPrompt(config) },
    { id: 'content', title: 'Summit Content', text: contentPrompt(config) },
    { id: 'redirects', title: 'Redirect URLs', text: redirectsPrompt(config) },
    { id: 'timer', title: 'Timer Configuration', text: timerPrompt(config) },
  ];
}

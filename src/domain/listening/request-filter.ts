/**
 * Which audio requests can never be part of a download (IAB Podcast Measurement Technical
 * Guidelines v2.3, section 5.5.2 step 1 "Filtering"): HEAD requests (step 1.3, item 1), the
 * two-byte `bytes=0-1` probe (step 1.2, item 6), Apple Watch duplicates (step 1.2, item 7 and
 * section 8.1), bots that say so (isbot's list, less its patterns that misfire on podcast players)
 * and requests with no user agent (step 1.2, items 4 and 5).
 */
import { createIsbotFromList, isbotPatterns, list } from 'isbot';
import { parseRange } from './byte-spans.ts';

/**
 * Podcast players as they name themselves (the apps' own documentation and the OPAWG
 * user-agents list). isbot recognises web crawlers; some of its generic patterns (a URL in the
 * agent, `.com`, a single `Name/1.0` token, `google`) also match these real players, which would
 * leave most podcast-app listening uncounted. Those patterns are left out of the list used here;
 * every pattern that names a bot (googlebot, crawler, spider, bot, curl, ...) stays.
 */
export const PODCAST_PLAYERS = [
  'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  'PocketCasts/1.0 (Pocket Casts - https://www.pocketcasts.com/)',
  'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)',
  'Podcast Republic/24.0 (+https://www.podcastrepublic.net)',
  'AntennaPod/3.5.0',
  'Podverse/4.15 (+https://podverse.fm)',
  'Mozilla/5.0 (Linux; Android 14) Fountain/1.0 (+https://fountain.fm)',
  'Player FM',
  'Podbean/Android App 10.3.0 (http://podbean.com)',
  'Podimo/2.1 (Android)',
  'Stitcher/Android',
  'gPodder/3.11.1 (+http://gpodder.org/) Linux',
  'Podkicker/3.5',
  'BeyondPod',
  'Downcast/2.9.62 (iPhone; iOS 16.0; Scale/3.00)',
  'Alexa Media Player/2.1',
  'Google-Podcast',
  'Lavf/58.76.100',
  'ExoPlayerLib/2.18.1',
  'Winamp/5.9',
];

/** Podcast services that fetch audio for no listener (their own documentation says so). */
const PODCAST_SERVICES = [/\bPodcast Sync\b/i];

const misfiring = new Set(PODCAST_PLAYERS.flatMap((agent) => isbotPatterns(agent)));
const isBotAgent = createIsbotFromList(list.filter((pattern) => !misfiring.has(pattern)));

export type NotCounted = 'not-get' | 'probe' | 'no-agent' | 'bot' | 'apple-watch';

/** Apple Watch: `atc/… watchOS`, `(null)/(null) watchOS` (the guidelines' two forms) and apps that name the watch. */
const APPLE_WATCH = [/^atc\/.*watchOS/i, /\(null\)\/\(null\) watchOS/i, /\bwatchOS\b/i, /Apple Watch/i];

/** The longest user agent read; longer ones are judged on their first part (bounded work per request). */
const MAX_AGENT_LENGTH = 512;

/** Why the user agent is not a listener's, or null when it may be one. */
export function agentVerdict(userAgent: string | null | undefined): Extract<NotCounted, 'no-agent' | 'bot' | 'apple-watch'> | null {
  const agent = (userAgent ?? '').trim().slice(0, MAX_AGENT_LENGTH);
  if (!agent) return 'no-agent';
  if (APPLE_WATCH.some((pattern) => pattern.test(agent))) return 'apple-watch';
  return PODCAST_SERVICES.some((pattern) => pattern.test(agent)) || isBotAgent(agent) ? 'bot' : null;
}

/** HEAD and other methods, and the bytes=0-1 probe: never part of a download, whoever asks. */
export function requestVerdict(request: {
  method: string;
  range: string | null | undefined;
}): Extract<NotCounted, 'not-get' | 'probe'> | null {
  if (request.method !== 'GET') return 'not-get';
  return parseRange(request.range).kind === 'probe' ? 'probe' : null;
}

/** Why a request can never be part of a download, or null when it may be. */
export function whyNotCounted(request: {
  method: string;
  userAgent: string | null | undefined;
  range: string | null | undefined;
}): NotCounted | null {
  return requestVerdict(request) ?? agentVerdict(request.userAgent);
}

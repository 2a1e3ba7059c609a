/**
 * Loads a widget page. Widgets are enabled per edition (settings.embeds), so another edition can
 * turn them on as data. The unprefixed /speakers-embed is the general widget: the speakers of the
 * edition the home page shows, falling back to the bundled list like the landing page (docs/PRODUCT.md "Not-found and error pages"; only for the demo july, whose people they are).
 */
import {
  EMBED_LABELS,
  EMBED_SETTINGS_KEY,
  isEmbedWidget,
  LEADERBOARD_EMBED_HEIGHT,
  widgetEnabled,
  type EmbedContent,
  type EmbedPageData,
  type EmbedWidget,
} from '../../domain/embed-page.ts';
import { leaderboardWidgetEntries } from '../affiliates/leaderboard-widget.ts';
import type { Edition } from '../../domain/edition.ts';
import { publicMayCarryPassContent, withoutPassContent } from '../../domain/access/pass-content.ts';
import { GENERAL_SPEAKERS_ERROR } from '../../domain/shared-message-texts.ts';
import { readEdition } from '../editions/read-edition.ts';
import { loadSpeakersBlock } from '../people/speakers-block.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { loadBonusBundle, loadIntegrationSessions, loadSpeakers } from '../people/people-blocks.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { summitTitle } from '../../domain/summit-title.ts';

/** degraded: built without (some of) the database (decision 0024), so not to be cached as the current page. */
export type EmbedPageResult = { kind: 'not-found' } | { kind: 'page'; data: EmbedPageData; degraded: boolean };

const ALL_SESSION_DAYS = [1, 2, 3, 4, 5];

/** `speakersFallback`: SPEAKERS_FALLBACK, for the general widget. */
async function loadContent({
  db,
  edition,
  widget,
  general,
  speakersFallback,
}: {
  db: Database;
  edition: Edition;
  widget: EmbedWidget;
  general: boolean;
  speakersFallback: boolean;
}): Promise<EmbedContent> {
  switch (widget) {
    case 'speakers':
      return general
        ? { widget, speakers: await loadSpeakersBlock(db, edition, speakersFallback), errorMessage: GENERAL_SPEAKERS_ERROR }
        : { widget, speakers: await loadSpeakers(db, edition), errorMessage: edition.settings.speakersErrorMessage };
    case 'implementation': {
      const sessions = await loadIntegrationSessions(db, edition, ALL_SESSION_DAYS);
      // A widget is public: in a `registrants` edition, no session link.
      if (sessions.state !== 'success' || publicMayCarryPassContent(edition.accessMode)) return { widget, sessions };
      return { widget, sessions: { ...sessions, data: withoutPassContent(sessions.data) } };
    }
    case 'bonus-bundle':
      return { widget, items: await loadBonusBundle(db, edition) };
    case 'leaderboard':
      return { widget, entries: await leaderboardWidgetEntries(db, edition) };
  }
}

/** `speakersFallback`: SPEAKERS_FALLBACK, for the general speakers widget (the page passes its request's configuration). */
export async function loadEmbedPage(
  slug: string | undefined,
  widgetParam: string | undefined,
  speakersFallback: boolean,
): Promise<EmbedPageResult> {
  if (!isEmbedWidget(widgetParam)) return { kind: 'not-found' };
  const widget = widgetParam;
  const general = slug === undefined;
  // Only the speakers widget has an unprefixed (legacy) route.
  if (general && widget !== 'speakers') return { kind: 'not-found' };

  const { db } = await getDatabase();
  // While the database cannot be reached: the edition as this process last read it (decision 0024).
  // The unprefixed widget is the home page's edition's (home-edition.ts).
  const { edition, fromMemory } = await readEdition(db, slug ?? (await readHomeEditionSlug(db)), { lastReadFallback: true });
  if (!edition || !widgetEnabled(edition.settings, widget)) return { kind: 'not-found' };

  const height = widget === 'leaderboard' ? LEADERBOARD_EMBED_HEIGHT : edition.settings.embedHeight[EMBED_SETTINGS_KEY[widget]];
  const page = {
    kind: 'page',
    data: {
      title: `${summitTitle(edition.name)} ${EMBED_LABELS[widget]}`,
      height: {
        padding: height.padding,
        delaysMs: height.delaysMs,
        source: height.sendsSourceAndTimestamp ? `${edition.slug}-${widget}-embed` : null,
      },
      content: await loadContent({ db, edition, widget, general, speakersFallback }),
    },
  } as const;
  return { ...page, degraded: fromMemory || isDegraded(page.data.content) };
}

/** The block failed, or holds the bundled speakers instead of the database's. */
function isDegraded(content: EmbedContent): boolean {
  if (content.widget === 'leaderboard') return false;
  const block = content.widget === 'speakers' ? content.speakers : content.widget === 'implementation' ? content.sessions : content.items;
  return block.state === 'error' || ('bundled' in block && block.bundled === true);
}

/** The widgets the /embed page offers: every enabled widget of every edition (the affiliates' leaderboard only when switched on), and the general one. */
import { EMBED_LABELS, EMBED_WIDGETS, widgetEnabled, type EmbeddableWidget } from '../../domain/embed-page.ts';
import { listEditions } from '../editions/edition-queries.ts';
import { getDatabase } from '../db/index.ts';

export async function loadEmbeddableWidgets(): Promise<EmbeddableWidget[]> {
  const { db } = await getDatabase();
  const editions = await listEditions(db);
  const widgets: EmbeddableWidget[] = [{ summit: null, widget: 'speakers', label: 'Speakers (general)' }];
  for (const edition of editions) {
    for (const widget of EMBED_WIDGETS) {
      if (widgetEnabled(edition.settings, widget))
        widgets.push({ summit: edition.slug, widget, label: `${edition.name}: ${EMBED_LABELS[widget]}` });
    }
  }
  return widgets;
}

/**
 * A widget page for a partner's iframe: only the cards, no site chrome. The content root is
 * what the height script measures, so its height never depends on the viewport's.
 */
import { AffiliatesLeaderboard } from '../components/embeds/AffiliatesLeaderboard.tsx';
import { BonusBundleGrid } from '../components/embeds/BonusBundleGrid.tsx';
import { ImplementationSessionsGrid } from '../components/embeds/ImplementationSessionsGrid.tsx';
import { SpeakersGrid } from '../components/SpeakersGrid.tsx';
import type { EmbedContent } from '../domain/embed-page.ts';

function WidgetContent({ content }: { content: EmbedContent }) {
  switch (content.widget) {
    case 'speakers':
      return content.speakers.state === 'success' ? (
        <SpeakersGrid state="success" speakers={content.speakers.data} atPageTop />
      ) : (
        <SpeakersGrid state="error" message={content.errorMessage} />
      );
    case 'implementation':
      return content.sessions.state === 'success' ? (
        <ImplementationSessionsGrid state="success" sessions={content.sessions.data} />
      ) : (
        <ImplementationSessionsGrid state="error" />
      );
    case 'bonus-bundle':
      return content.items.state === 'success' ? (
        <BonusBundleGrid state="success" items={content.items.data} />
      ) : (
        <BonusBundleGrid state="error" />
      );
    case 'leaderboard':
      return <AffiliatesLeaderboard entries={content.entries} />;
  }
}

export function EmbedPage({ title, content }: { title: string; content: EmbedContent }) {
  return (
    // Labelled: a page showing several widgets (the embed gallery) has one main landmark per frame.
    <main data-embed-root aria-label={title} className="p-4">
      <h1 className="sr-only">{title}</h1>
      <WidgetContent content={content} />
    </main>
  );
}

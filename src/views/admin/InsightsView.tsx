/**
 * /admin/insights?edition={slug} (decision 0038): where registrants came from, who brought them,
 * what they listened to and bought, and the e-mails sent. Server-rendered, no script.
 */
import type { ReactNode } from 'react';
import type { AdminNavEdition } from '../../domain/admin.ts';
import { MAX_CAMPAIGNS_SHOWN, type EditionInsights } from '../../domain/insights/edition-insights.ts';
import { LINK } from '../../components/form/styles.ts';
import { EpisodesTable, FunnelList, LeaderboardTable, MailNumbers, SharedFeedsTable, SourcesTable } from './insights/InsightsTables.tsx';
import { OpenedPagesTable, PassesTable } from './insights/PagesAndPasses.tsx';
import { RegistrationsChart } from './insights/RegistrationsChart.tsx';
import { AdminSection } from './AdminSection.tsx';

/** The screen's sections in order: each an anchor, a heading from the figures, and its table or chart. */
const SECTIONS: { id: string; title: (insights: EditionInsights) => string; Body: (props: { insights: EditionInsights }) => ReactNode }[] =
  [
    {
      id: 'per-day',
      title: (insights) => `Registrations per day (${insights.registrations} in all; days in ${insights.edition.timezone})`,
      Body: ({ insights }) => <RegistrationsChart days={insights.registrationsPerDay} />,
    },
    {
      id: 'sources',
      title: (insights) =>
        insights.campaigns.length >= MAX_CAMPAIGNS_SHOWN ? `Sources (the ${MAX_CAMPAIGNS_SHOWN} busiest campaigns)` : 'Sources',
      Body: SourcesTable,
    },
    { id: 'leaderboard', title: () => 'Speakers’ leaderboard', Body: LeaderboardTable },
    { id: 'episodes', title: () => 'Downloads and listeners per episode', Body: EpisodesTable },
    { id: 'funnel', title: () => 'From registering to buying', Body: FunnelList },
    { id: 'opened', title: () => 'Registrants who opened each page', Body: OpenedPagesTable },
    { id: 'passes', title: () => 'Passes sold', Body: PassesTable },
    { id: 'mail', title: () => 'E-mails', Body: MailNumbers },
    {
      id: 'shared-feeds',
      title: () => 'Personal feeds that look shared (open the registrant to re-issue their link)',
      Body: SharedFeedsTable,
    },
  ];

export function InsightsView({ insights, editions }: { insights: EditionInsights; editions: AdminNavEdition[] }) {
  const slug = insights.edition.slug;
  return (
    <div className="space-y-8">
      <nav aria-label="Editions" className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {editions.map((edition) => (
          <a
            key={edition.slug}
            href={`/admin/insights?edition=${edition.slug}`}
            className={LINK}
            aria-current={edition.slug === slug ? 'page' : undefined}
          >
            {edition.name}
          </a>
        ))}
      </nav>
      <p className="text-sm">
        <a className={LINK} href={`/admin/insights/episodes.csv?edition=${slug}`}>
          Episodes (CSV)
        </a>{' '}
        ·{' '}
        <a className={LINK} href={`/admin/insights/referrers.csv?edition=${slug}`}>
          Share links (CSV)
        </a>{' '}
        ·{' '}
        <a className={LINK} href={`/admin/editions/${slug}/share-links`}>
          Share links and speakers’ pages
        </a>
      </p>
      {SECTIONS.map(({ id, title, Body }) => (
        <AdminSection key={id} id={id} title={title(insights)}>
          <Body insights={insights} />
        </AdminSection>
      ))}
    </div>
  );
}

/** The tables of the insights screen: sources, the speakers' leaderboard, the episodes, the funnel and the e-mails. */
import type { EditionInsights } from '../../../domain/insights/edition-insights.ts';
import { formatRevenue } from '../../../domain/insights/revenue.ts';
import { AdminTable } from '../AdminTable.tsx';

const CELL = 'px-4 py-2';
const NUMBER = 'px-4 py-2 tabular-nums';

export function SourcesTable({ insights }: { insights: EditionInsights }) {
  const byLink = insights.leaderboard.filter((row) => row.registrations > 0);
  return (
    <AdminTable columns={['Source', 'Registrations']}>
      {byLink.map((row) => (
        <tr key={`link-${row.linkId}`} className="border-t border-ink/10" data-source={`r/${row.code}`}>
          <td className={CELL}>
            Share link <code>/r/{row.code}</code> ({row.name})
          </td>
          <td className={NUMBER}>{row.registrations}</td>
        </tr>
      ))}
      {insights.campaigns.map((row) => {
        const label = [row.source ?? '-', row.medium ?? '-', row.campaign ?? '-'].join(' / ');
        return (
          <tr key={`utm-${label}`} className="border-t border-ink/10" data-source={`utm:${label}`}>
            <td className={CELL}>Campaign (source / medium / campaign): {label}</td>
            <td className={NUMBER}>{row.registrations}</td>
          </tr>
        );
      })}
      <tr className="border-t border-ink/10" data-source="direct">
        <td className={CELL}>No share link or campaign</td>
        <td className={NUMBER}>{insights.direct}</td>
      </tr>
    </AdminTable>
  );
}

export function LeaderboardTable({ insights }: { insights: EditionInsights }) {
  if (!insights.leaderboard.length) return <p className="text-sm text-muted">The edition has no speakers or hosts yet.</p>;
  return (
    <AdminTable columns={['Place', 'Name', 'Share link', 'Registrations', 'Listeners', 'Passes', 'Revenue']}>
      {insights.leaderboard.map((row) => (
        <tr key={row.linkId} className="border-t border-ink/10" data-leaderboard-row={row.code}>
          <td className={NUMBER}>{row.place}</td>
          <td className={CELL}>{row.name}</td>
          <td className={CELL}>
            <code>/r/{row.code}</code>
          </td>
          <td className={NUMBER} data-column="registrations">
            {row.registrations}
          </td>
          <td className={NUMBER} data-column="listeners">
            {row.listeners}
          </td>
          <td className={NUMBER} data-column="passes">
            {row.passes}
          </td>
          <td className={NUMBER} data-column="revenue">
            {formatRevenue(row.revenue)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function EpisodesTable({ insights }: { insights: EditionInsights }) {
  if (!insights.episodes.length) return <p className="text-sm text-muted">The edition has no episodes yet.</p>;
  return (
    <AdminTable columns={['Day', 'Episode', 'Downloads', 'Listeners']}>
      {insights.episodes.map((row) => (
        <tr key={row.episodeId} className="border-t border-ink/10" data-episode-row={row.episodeId}>
          <td className={NUMBER}>{row.day}</td>
          <td className={CELL}>{row.title}</td>
          <td className={NUMBER}>{row.downloads}</td>
          <td className={NUMBER}>{row.listeners}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function FunnelList({ insights }: { insights: EditionInsights }) {
  return (
    <ol className="space-y-2" data-funnel="">
      {insights.funnel.map((step) => (
        <li key={step.key} data-funnel-step={step.key} className="grid grid-cols-[10rem_1fr_6rem] items-center gap-3 text-sm">
          <span className="font-semibold">{step.label}</span>
          {/* SVG attributes, not a style attribute: the Content-Security-Policy allows no inline styles. */}
          <svg viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" className="h-3 w-full text-brand-primary-strong">
            <rect width={100} height={4} rx={2} fill="currentColor" fillOpacity={0.12} />
            <rect width={Math.min(100, step.percent ?? 0)} height={4} rx={2} fill="currentColor" />
          </svg>
          <span className="tabular-nums">
            {step.count}
            {step.percent === null ? '' : ` (${step.percent}%)`}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function MailNumbers({ insights }: { insights: EditionInsights }) {
  const { mail } = insights;
  const items: [string, number, string][] = [
    ['Sent', mail.sent, 'sent'],
    ['Failed', mail.failed, 'failed'],
    ['Waiting to be sent', mail.pending, 'pending'],
    ['Skipped (unsubscribed, switched off)', mail.skipped, 'skipped'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {items.map(([label, value, key]) => (
        <div key={key} className="rounded-xl bg-surface p-4" data-mail={key}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SharedFeedsTable({ insights }: { insights: EditionInsights }) {
  if (!insights.sharedFeeds.length) return <p className="text-sm text-muted">No personal feed looks shared.</p>;
  return (
    <AdminTable columns={['Registrant', 'Networks in one day', 'Day (UTC)']}>
      {insights.sharedFeeds.map((row) => (
        <tr key={row.registrantId} className="border-t border-ink/10" data-shared-feed={row.registrantId}>
          <td className={CELL}>
            <a className="underline" href={`/admin/registrants/${row.registrantId}`}>
              {row.firstName} ({row.email})
            </a>
          </td>
          <td className={NUMBER}>{row.networks}</td>
          <td className={CELL}>{row.day}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

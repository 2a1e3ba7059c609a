/** The affiliates' leaderboard widget (decision 0066): place, name and registrations, nothing else. */
import type { LeaderboardWidgetEntry } from '../../domain/embed-page.ts';

export function AffiliatesLeaderboard({ entries }: { entries: LeaderboardWidgetEntry[] }) {
  if (!entries.length)
    return <p className="rounded-2xl bg-white p-6 text-center text-muted shadow-sm">No registrations through a share link yet.</p>;
  return (
    <table
      className="w-full border-collapse overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-ink/10"
      data-leaderboard=""
    >
      <thead className="bg-surface text-sm">
        <tr>
          <th scope="col" className="px-4 py-3">
            Place
          </th>
          <th scope="col" className="px-4 py-3">
            Name
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Registrations
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={`${entry.name}-${index}`} className="border-t border-ink/10" data-leaderboard-entry="">
            <td className="px-4 py-2 tabular-nums">{entry.place}</td>
            <td className="px-4 py-2 font-medium">{entry.name}</td>
            <td className="px-4 py-2 text-right tabular-nums">{entry.registrations}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A rehearsal's report as the command prints it (decision 0077): the contradictions first, then the
 * notes on what the product description imposes, then each registrant's timeline by summit day.
 */
import { FINDING_LABELS, timelineByDay, type Finding, type RehearsalReport, type TimelineEntry } from '../../domain/rehearsal/report.ts';
import { DAY_GROUP_LABELS } from '../../domain/rehearsal/moments.ts';

const finding = (item: Finding) =>
  `- ${FINDING_LABELS[item.kind]}: ${item.where}${item.registrant ? `, ${item.registrant}` : ''}${item.at ? ` at ${item.at}` : ''}: ${item.text}${item.imposedBy ? ` (${item.imposedBy})` : ''}`;

function entryLines(entry: TimelineEntry): string[] {
  switch (entry.kind) {
    case 'story':
      return [`  ${entry.at}  ${entry.text}`];
    case 'mail':
      return [
        `  ${entry.at}  E-mail “${entry.message}” (${entry.rule}): ${entry.skipped ? `skipped: ${entry.skipped}` : `“${entry.subject}”`}${entry.prices.length ? `; quotes ${entry.prices.join(', ')}` : ''}`,
      ];
    case 'pages':
      return [
        `  ${entry.at}  ${entry.moment}:`,
        ...entry.pages.map((page) => `      ${page.page}: ${page.shows}${page.offer ? `; offers ${page.offer}` : ''}`),
        `      Feed: ${entry.feed.length ? entry.feed.join('; ') : 'no episode yet'}`,
      ];
    case 'outbound':
      return [`  ${entry.at}  Event ${entry.event}: ${entry.calls.length ? entry.calls.join('; ') : 'no endpoint wants it'}`];
  }
}

export function reportText(report: RehearsalReport): string {
  const { edition } = report;
  const lines = [
    `Rehearsal of ${edition.name} (${edition.slug}, ${edition.timezone}, ${edition.accessMode} mode, ${edition.currency.toUpperCase()}), ${report.from} to ${report.to}. Nothing was sent or changed.`,
    '',
    report.contradictions.length ? `${report.contradictions.length} contradictions:` : 'No contradiction.',
    ...report.contradictions.map(finding),
  ];
  if (report.notes.length) lines.push('', 'Imposed by the product description (not contradictions):', ...report.notes.map(finding));
  for (const registrant of report.registrants) {
    lines.push(
      '',
      `${registrant.label} [${registrant.key}], reads in ${registrant.timeZone}${registrant.refused ? `: ${registrant.refused}` : ''}`,
    );
    for (const group of timelineByDay(registrant.timeline))
      lines.push(` ${DAY_GROUP_LABELS[String(group.day)]}`, ...group.entries.flatMap(entryLines));
  }
  if (report.limits.length) lines.push('', ...report.limits);
  return lines.join('\n');
}

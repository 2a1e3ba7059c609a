/**
 * A summit day's heading, "Day 1: Rooted in Purpose", wherever a day is named with its title
 * (the dashboard, the admin's episodes, the calendar file). Hosts often type the label into the
 * title themselves ("Day 1: Find Your Show"): it is not written twice (decision 0034).
 */
export function dayHeading(day: number, title: string | null | undefined): string {
  const trimmed = title?.trim();
  if (!trimmed) return `Day ${day}`;
  const ownLabel = new RegExp(`^day\\s*${day}(?!\\d)\\s*[:.\\-–—]?\\s*`, 'i');
  const rest = trimmed.replace(ownLabel, '');
  return rest ? `Day ${day}: ${rest}` : `Day ${day}`;
}

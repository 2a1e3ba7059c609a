/** Rules about speakers, hosts and implementation sessions (docs/PRODUCT.md "Content entities"). */

interface Named {
  firstName: string | null;
  lastName: string | null;
}

/** The full name is firstName plus lastName. */
export function fullName(person: Named): string {
  return [person.firstName, person.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Keeps the items of one day (day equality, as the client filters in docs/PRODUCT.md "Content entities"). */
export function filterByDay<T extends { day: number }>(items: readonly T[], day: number): T[] {
  return items.filter((item) => item.day === day);
}

/** The host of a day: the first match, or null (the 'Your Host' fallback card shows then). */
export function findHostForDay<T extends { day: number }>(hosts: readonly T[], day: number): T | null {
  return hosts.find((host) => host.day === day) ?? null;
}

function ceremonyRank(topic: string | null): number {
  const lower = (topic ?? '').toLowerCase();
  if (lower.includes('opening ceremony')) return 0;
  if (lower.includes('closing ceremony')) return 2;
  return 1;
}

/**
 * Integration sessions in display order: a topic containing "opening ceremony" first, one
 * containing "closing ceremony" last (case-insensitive). The sort is stable, so the others keep
 * the order they came in (by day from the database).
 */
export function sortIntegrationSessions<T extends { topic: string | null }>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => ceremonyRank(a.topic) - ceremonyRank(b.topic));
}

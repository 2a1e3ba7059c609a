/**
 * An edition named as a summit: the demo's "July" reads "July Summit", while a host's
 * "Tidewater Makers Summit 2026" already says it and is not given the word twice (as a day's
 * own label is not written twice, day-title.ts).
 */
export function summitTitle(editionName: string): string {
  const name = editionName.trim();
  return /\bsummit\b/i.test(name) ? name : `${name} Summit`;
}

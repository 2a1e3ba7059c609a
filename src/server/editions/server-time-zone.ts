/**
 * The zone a new edition's form starts on: the server's own (TZ, or the machine's), which is the
 * host's own most often, else UTC; never the demo's.
 */
export function serverTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && Intl.supportedValuesOf('timeZone').includes(zone) ? zone : 'UTC';
}

/**
 * The funnel of an edition (decision 0038): registered, then opened a day page, then listened
 * (a counted download), then bought a pass. Each step is a number of registrants, with its share
 * of those registered; a later step may exceed an earlier one (a feed listener who never opened a
 * page), so each share is of the registered, not of the step before.
 */

export interface FunnelCounts {
  registered: number;
  openedDay: number;
  listened: number;
  bought: number;
}

export interface FunnelStep {
  key: keyof FunnelCounts;
  label: string;
  count: number;
  /** Whole percent of the registered; null when nobody registered. */
  percent: number | null;
}

const LABELS: Record<keyof FunnelCounts, string> = {
  registered: 'Registered',
  openedDay: 'Opened a day',
  listened: 'Listened',
  bought: 'Bought a pass',
};

export function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  return (Object.keys(LABELS) as (keyof FunnelCounts)[]).map((key) => ({
    key,
    label: LABELS[key],
    count: counts[key],
    percent: counts.registered > 0 ? Math.round((counts[key] / counts.registered) * 100) : null,
  }));
}

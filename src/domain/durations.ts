/**
 * Episode duration defaults (docs/PRODUCT.md "Episode player and episodes"): each place that shows a duration has its
 * own fallback when the value is missing.
 */
export const DEFAULT_DURATIONS = {
  /** The episode player card. */
  episodePlayer: '45:30',
  /** The loaded host view. */
  hostView: '5:00',
  /** The host card. */
  hostCard: '25:30',
} as const;

export type DurationPlace = keyof typeof DEFAULT_DURATIONS;

export function durationOrDefault(value: string | null | undefined, place: DurationPlace): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : DEFAULT_DURATIONS[place];
}

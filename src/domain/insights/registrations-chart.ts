/**
 * Registrations per day as a bar chart the server draws as SVG (no script).
 * This module is the geometry: every day from the first registration to the last (days without
 * one are bars of zero height), the bars' boxes, a round top for the scale and its ticks. The view
 * only places what it is given.
 */

/** A calendar day in the edition's time zone ("2025-07-01") and the registrations on it. */
export interface DayCount {
  day: string;
  count: number;
}

export interface ChartBar extends DayCount {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RegistrationsChart {
  width: number;
  height: number;
  /** The drawing area, inside the margins for the axis labels. */
  plot: { left: number; top: number; width: number; height: number };
  bars: ChartBar[];
  /** The scale's top (a round number at or above the busiest day) and the ticks up to it. */
  top: number;
  ticks: { value: number; y: number }[];
  /** The first and last days, labelled under the axis. */
  firstDay: string | null;
  lastDay: string | null;
  total: number;
}

/** At most a year of days is drawn (the latest); older days still count in the totals. */
export const MAX_CHART_DAYS = 366;

const DAY_MS = 86_400_000;

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Every day from the first to the last, in order, with zero for days nobody registered. */
export function everyDay(rows: readonly DayCount[]): DayCount[] {
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  const days = [...byDay.keys()].sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const filled: DayCount[] = [];
  for (let day = first; day <= last; day = nextDay(day)) filled.push({ day, count: byDay.get(day) ?? 0 });
  return filled.slice(-MAX_CHART_DAYS);
}

/** 1, 2, 5, 10, 20, 50, ...: the smallest at or above the value. */
export function roundTop(value: number): number {
  if (value <= 1) return 1;
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 5]) if (step * power >= value) return step * power;
  }
}

const MARGIN = { left: 40, right: 8, top: 8, bottom: 24 };
const MAX_SLOT = 40;

export function registrationsChart(rows: readonly DayCount[], size = { width: 720, height: 220 }): RegistrationsChart {
  const days = everyDay(rows);
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: size.width - MARGIN.left - MARGIN.right,
    height: size.height - MARGIN.top - MARGIN.bottom,
  };
  const top = roundTop(Math.max(0, ...days.map((d) => d.count)));
  // A few days are drawn as bars of a readable width from the left, not stretched across.
  const slot = Math.min(MAX_SLOT, days.length ? plot.width / days.length : plot.width);
  const gap = slot > 4 ? Math.min(2, slot * 0.2) : 0;
  const bars = days.map((d, index) => {
    const height = (d.count / top) * plot.height;
    return { ...d, x: plot.left + index * slot + gap / 2, y: plot.top + plot.height - height, width: slot - gap, height };
  });
  const ticks = [0, top / 2, top].filter((value, index, all) => Number.isInteger(value) && all.indexOf(value) === index);
  return {
    ...size,
    plot,
    bars,
    top,
    ticks: ticks.map((value) => ({ value, y: plot.top + plot.height - (value / top) * plot.height })),
    firstDay: days[0]?.day ?? null,
    lastDay: days[days.length - 1]?.day ?? null,
    total: rows.reduce((sum, row) => sum + row.count, 0),
  };
}

/**
 * Registrations per day drawn on the server as SVG (no script needed). The
 * geometry is src/domain/insights/registrations-chart.ts; each bar names its day and count in a
 * <title>, and the whole chart is summarised for screen readers.
 */
import { registrationsChart, type DayCount } from '../../../domain/insights/registrations-chart.ts';

export function RegistrationsChart({ days }: { days: DayCount[] }) {
  const chart = registrationsChart(days);
  if (!chart.bars.length) return <p className="text-sm text-muted">No registrations yet.</p>;
  const { plot } = chart;
  const summary = `Registrations per day: ${chart.total} from ${chart.firstDay} to ${chart.lastDay}; the busiest day had ${Math.max(...chart.bars.map((bar) => bar.count))}.`;
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full max-w-3xl text-brand-primary-strong"
      data-registrations-chart=""
    >
      {chart.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={plot.left} x2={plot.left + plot.width} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity={0.15} />
          <text x={plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize={11} fill="#555">
            {tick.value}
          </text>
        </g>
      ))}
      {chart.bars.map((bar) => (
        <rect
          key={bar.day}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          fill="currentColor"
          data-day={bar.day}
          data-count={bar.count}
        >
          <title>{`${bar.day}: ${bar.count}`}</title>
        </rect>
      ))}
      <text x={plot.left} y={chart.height - 6} fontSize={11} fill="#555">
        {chart.firstDay}
      </text>
      {chart.lastDay !== chart.firstDay ? (
        <text x={plot.left + plot.width} y={chart.height - 6} fontSize={11} fill="#555" textAnchor="end">
          {chart.lastDay}
        </text>
      ) : null}
    </svg>
  );
}

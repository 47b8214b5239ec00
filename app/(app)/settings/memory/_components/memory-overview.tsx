'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { formatDate } from './format';

type Week = RouterOutputs['memories']['overview']['weeks'][number];

const CHART = { width: 360, height: 120, pad: 18 };

/** Created (accent) and used (muted) per week, newest on the right; a <title> per bar for hover. */
function WeeksChart({ weeks }: { weeks: Week[] }) {
  const recent = weeks.slice(-12);
  const max = Math.max(1, ...recent.flatMap((w) => [w.created, w.used]));
  const slot = (CHART.width - CHART.pad) / Math.max(1, recent.length);
  const bar = Math.max(2, slot / 2 - 2);
  const plot = CHART.height - CHART.pad;
  const h = (n: number) => (n / max) * (plot - 4);
  const first = recent[0];
  const label = `Memories created and used per week over the last ${recent.length} weeks: ${recent
    .map((w) => `${formatDate(w.weekStart)} ${w.created} created, ${w.used} used`)
    .join('; ')}`;
  return (
    <figure className="mem-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1={CHART.pad} x2={CHART.width} y1={plot} y2={plot} className="mem-chart-axis" />
        <text x={0} y={10} className="mem-chart-text">
          {max}
        </text>
        <text x={0} y={plot} className="mem-chart-text">
          0
        </text>
        {recent.map((w, i) => {
          const x = CHART.pad + i * slot + 1;
          return (
            <g key={w.weekStart.toISOString()}>
              <rect x={x} y={plot - h(w.created)} width={bar} height={h(w.created)} className="mem-bar-created">
                <title>{`Week of ${formatDate(w.weekStart)}: ${w.created} created`}</title>
              </rect>
              <rect x={x + bar + 1} y={plot - h(w.used)} width={bar} height={h(w.used)} className="mem-bar-used">
                <title>{`Week of ${formatDate(w.weekStart)}: ${w.used} used`}</title>
              </rect>
            </g>
          );
        })}
        {first && (
          <>
            <text x={CHART.pad} y={CHART.height - 2} className="mem-chart-text">
              {formatDate(first.weekStart)}
            </text>
            <text x={CHART.width} y={CHART.height - 2} className="mem-chart-text" textAnchor="end">
              this week
            </text>
          </>
        )}
      </svg>
      <figcaption className="mem-legend">
        <span className="mem-swatch mem-bar-created" aria-hidden /> created <span className="mem-swatch mem-bar-used" aria-hidden /> used
      </figcaption>
    </figure>
  );
}

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  return (
    <div>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="muted">None yet</p>
      ) : (
        <ul className="mem-counts">
          {entries.map(([key, n]) => (
            <li key={key}>
              <span className="mem-count">{n}</span> {key}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MemoryOverview() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.memories.overview.queryOptions());
  return (
    <section className="mem-section mem-overview" aria-labelledby="mem-overview-title">
      <h2 id="mem-overview-title">
        Overview {overview.data && <span className="muted">· {overview.data.total} {overview.data.total === 1 ? 'memory' : 'memories'}</span>}
      </h2>
      {overview.error && <p className="form-error">{overview.error.message}</p>}
      {overview.data && (
        <div className="mem-overview-grid">
          <Counts title="By type" counts={overview.data.byType} />
          <Counts title="By status" counts={overview.data.byStatus} />
          <WeeksChart weeks={overview.data.weeks} />
        </div>
      )}
    </section>
  );
}

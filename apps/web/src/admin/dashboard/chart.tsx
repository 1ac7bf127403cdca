import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const AXIS = {
  stroke: '#a99cd6',
  grid: { stroke: 'rgba(185,167,255,0.12)' },
  ticks: { stroke: 'rgba(185,167,255,0.2)' },
};

/** uPlot's bar paths (in the build imported here: absent only from its lightest builds). */
function barPaths() {
  const bars = uPlot.paths.bars;
  if (!bars) throw new Error("uPlot's bar paths are missing");
  return bars({ size: [0.7, 40] });
}

/**
 * A uPlot chart (canvas) of time on x, in seconds (UTC), as wide as its box and redrawn when its
 * series or data change (memoize them).
 */
export function Plot({
  label,
  series,
  data,
  height,
}: {
  label: string;
  /** x's first, then each drawn series. */
  series: uPlot.Series[];
  data: uPlot.AlignedData;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height,
        legend: { show: true },
        scales: { x: { time: true } },
        axes: [AXIS, { ...AXIS, size: 60 }],
        series,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, data, height]);
  return <div ref={box} className="a-chart" role="img" aria-label={label} />;
}

/** A small time-series chart: x in ms, one series. */
export function TimeChart({
  label,
  xs,
  ys,
  color,
  bars = false,
  height = 220,
}: {
  label: string;
  xs: number[];
  ys: number[];
  color: string;
  bars?: boolean;
  height?: number;
}) {
  const series = useMemo(
    (): uPlot.Series[] => [
      {
        label: 'time (UTC)',
        value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 16).replace('T', ' ')),
      },
      {
        label,
        stroke: color,
        fill: `${color}33`,
        width: 2,
        ...(bars ? { paths: barPaths(), points: { show: false } } : {}),
      },
    ],
    [label, color, bars],
  );
  const data = useMemo((): uPlot.AlignedData => [xs.map((x) => x / 1000), ys], [xs, ys]);
  return <Plot label={label} series={series} data={data} height={height} />;
}

import { useEffect, useRef } from 'react';
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

/** A small time-series chart (uPlot, canvas): x in ms, one series. */
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
        series: [
          {
            label: 'time (UTC)',
            value: (_u, v) =>
              v == null ? '' : new Date(v * 1000).toISOString().slice(0, 16).replace('T', ' '),
          },
          {
            label,
            stroke: color,
            fill: `${color}33`,
            width: 2,
            ...(bars ? { paths: barPaths(), points: { show: false } } : {}),
          },
        ],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      },
      [xs.map((x) => x / 1000), ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [label, xs, ys, color, bars, height]);
  return <div ref={box} className="a-chart" role="img" aria-label={label} />;
}

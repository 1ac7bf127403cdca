import { useMemo } from 'react';
import type uPlot from 'uplot';
import { Plot } from '../dashboard/chart.tsx';

/** Colours of a chart's series, in order. */
export const PALETTE = [
  '#ffc93c',
  '#4ef0b5',
  '#7aa7ff',
  '#ff7a9c',
  '#c58bff',
  '#ff9f43',
  '#3dd6f5',
  '#b8e986',
  '#f5a3ff',
  '#e0e0e0',
  '#ffd8a8',
  '#8ce99a',
];

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/**
 * Days on x (ms of each day's UTC midnight), several series (uPlot, canvas). Stacked: each series
 * drawn on the ones before it (its legend value is its own, not the sum); negative values stack
 * downwards (what was spent, under the axis).
 */
export function DaysChart({
  label,
  xs,
  series,
  stacked = false,
  height = 240,
}: {
  label: string;
  xs: number[];
  series: Series[];
  stacked?: boolean;
  height?: number;
}) {
  const [plotted, data] = useMemo((): [uPlot.Series[], uPlot.AlignedData] => {
    // Stacked: cumulative sums above and below zero, drawn from the outermost in, so each band
    // shows over the previous one.
    const up = xs.map(() => 0);
    const down = xs.map(() => 0);
    const drawn = series.map((s) =>
      stacked
        ? s.values.map((v, i) => {
            if (v >= 0) return (up[i] = (up[i] ?? 0) + v);
            return (down[i] = (down[i] ?? 0) + v);
          })
        : s.values,
    );
    const order = series.map((_, i) => i);
    if (stacked) order.reverse();
    return [
      [
        {
          value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)),
        },
        ...order.map((i) => {
          const s = series[i] as Series;
          return {
            label: s.label,
            stroke: s.color,
            fill: `${s.color}${stacked ? '99' : '22'}`,
            width: stacked ? 1 : 2,
            value: (_u: uPlot, _v: number | null, _si: number, idx: number | null) =>
              idx == null ? '' : (s.values[idx] ?? 0).toLocaleString('en-US'),
          };
        }),
      ],
      [xs.map((x) => x / 1000), ...order.map((i) => drawn[i] as number[])],
    ];
  }, [xs, series, stacked]);
  return <Plot label={label} series={plotted} data={data} height={height} />;
}

import { useId } from "react";
import { AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear, scalePoint } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";

/**
 * Charts of the operators' overview (docs/decisions/0011-server-rendered-charts.md): plain SVG
 * drawn by visx while the page renders on the server, so they show without JavaScript; sized by
 * their viewBox, so they shrink to a 360 px screen. Each chart has an accessible name and its
 * figures as a table (under a disclosure), which is also what a screen reader reads.
 */

/** One line or one bar series: its name, colour and one value per day. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
  /** A dash pattern, so lines differ by more than colour. */
  dash?: string;
}

export interface ChartProps {
  /** The chart's accessible name and heading. */
  title: string;
  /** IST days `YYYY-MM-DD`, one per value. */
  days: string[];
  series: ChartSeries[];
  /** How a value is written in the table (e.g. rupees). */
  format: (value: number) => string;
  /** How a value is written on the vertical axis (short). */
  axisFormat?: (value: number) => string;
}

const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 48 };
const INNER_W = WIDTH - MARGIN.left - MARGIN.right;
const INNER_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const AXIS = "#475569";

/** '26 Nov' from '2026-11-26'. */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
    Number(m) - 1
  ];
  return `${Number(d)} ${month ?? ""}`;
}

/** Every nth day labelled on the axis, so at most about six labels fit 360 px. */
function tickDays(days: string[]): string[] {
  const step = Math.max(1, Math.ceil(days.length / 6));
  return days.filter((_, i) => (days.length - 1 - i) % step === 0);
}

function yScale(series: ChartSeries[]) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const min = Math.min(0, ...series.flatMap((s) => s.values));
  return scaleLinear<number>({ domain: [min, max > min ? max : min + 1], range: [INNER_H, 0], nice: true });
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1">
          <span className="inline-block h-2 w-4 rounded-sm" style={{ backgroundColor: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

function FiguresTable({ title, days, series, format }: ChartProps) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">Figures</summary>
      <div className="mt-1 overflow-x-auto">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-2">
                Day
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-2 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {shortDay(day)}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-2 text-right tabular-nums">
                    {format(s.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Frame({ props, children }: { props: ChartProps; children: React.ReactNode }) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <figure className="card p-3" aria-labelledby={titleId} data-testid="overview-chart">
      <figcaption id={titleId} className="text-sm font-bold text-slate-800">
        {props.title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        className="mt-1 h-auto max-w-full"
      >
        {children}
      </svg>
      <Legend series={props.series} />
      <FiguresTable {...props} />
    </figure>
  );
}

function Axes({
  x,
  y,
  days,
  axisFormat,
}: {
  x: (d: string) => number | undefined;
  y: ReturnType<typeof yScale>;
  days: string[];
  axisFormat: (v: number) => string;
}) {
  const ticks = tickDays(days);
  return (
    <>
      <AxisLeft
        scale={y}
        numTicks={4}
        tickFormat={(v) => axisFormat(Number(v))}
        stroke={AXIS}
        tickStroke={AXIS}
        tickLabelProps={{ fill: AXIS, fontSize: 10, textAnchor: "end", dx: -2, dy: 3 }}
      />
      <g transform={`translate(0, ${INNER_H})`}>
        <line x1={0} x2={INNER_W} y1={0} y2={0} stroke={AXIS} />
        {ticks.map((d) => (
          <text key={d} x={x(d) ?? 0} y={16} fontSize={10} fill={AXIS} textAnchor="middle">
            {shortDay(d)}
          </text>
        ))}
      </g>
    </>
  );
}

/** Lines per day (one per series), with a dot on each day. */
export function LineChart(props: ChartProps) {
  const { days, series } = props;
  const x = scalePoint<string>({ domain: days, range: [0, INNER_W], padding: days.length === 1 ? 1 : 0.2 });
  const y = yScale(series);
  const axisFormat = props.axisFormat ?? String;
  return (
    <Frame props={props}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <Axes x={x} y={y} days={days} axisFormat={axisFormat} />
        {series.map((s) => (
          <g key={s.key}>
            <LinePath
              data={s.values}
              x={(_, i) => x(days[i]!) ?? 0}
              y={(v) => y(v)}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dash}
            />
            {s.values.map((v, i) => (
              <circle key={days[i]} cx={x(days[i]!) ?? 0} cy={y(v)} r={2.5} fill={s.color} />
            ))}
          </g>
        ))}
      </Group>
    </Frame>
  );
}

/** Bars per day, side by side (one per series). */
export function BarChart(props: ChartProps) {
  const { days, series } = props;
  const x = scaleBand<string>({ domain: days, range: [0, INNER_W], padding: 0.2 });
  const inner = scaleBand<string>({
    domain: series.map((s) => s.key),
    range: [0, x.bandwidth()],
    padding: 0.05,
  });
  const y = yScale(series);
  const axisFormat = props.axisFormat ?? String;
  const center = (d: string) => (x(d) ?? 0) + x.bandwidth() / 2;
  return (
    <Frame props={props}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <Axes x={center} y={y} days={days} axisFormat={axisFormat} />
        {days.map((d, i) => (
          <Group key={d} left={x(d) ?? 0}>
            {series.map((s) => {
              const v = s.values[i] ?? 0;
              const top = y(Math.max(0, v));
              return (
                <Bar
                  key={s.key}
                  x={inner(s.key) ?? 0}
                  y={top}
                  width={Math.max(1, inner.bandwidth())}
                  height={Math.max(0, Math.abs(y(v) - y(0)))}
                  fill={s.color}
                />
              );
            })}
          </Group>
        ))}
      </Group>
    </Frame>
  );
}

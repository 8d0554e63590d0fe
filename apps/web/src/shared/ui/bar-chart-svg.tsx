import { theme } from 'antd';
import { barHeight, type BarGroup, type BarSeries, type ChartLayout } from './bar-chart-model';

interface BarChartSvgProps {
  layout: ChartLayout;
  ticks: readonly bigint[];
  tickLabels: readonly string[];
  groups: readonly BarGroup[];
  series: readonly BarSeries[];
  active: number | null;
  onPoint: (index: number | null) => void;
  width: number;
  height: number;
}

/** The drawing: horizontal lines at the ticks with their labels, then each group's slot, bars and label. */
export function BarChartSvg({
  layout,
  ticks,
  tickLabels,
  groups,
  series,
  active,
  onPoint,
  width,
  height,
}: BarChartSvgProps) {
  const { token } = theme.useToken();
  const { left, plotWidth, plotHeight, base, slot, barWidth, labelStride } = layout;
  const top = ticks.at(-1)!;
  const heightOf = (value: bigint) => barHeight(value, top, plotHeight);
  const text = { fontSize: 12, fill: token.colorTextSecondary };
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" onMouseLeave={() => onPoint(null)}>
      {ticks.map((tick, index) => (
        <g key={String(tick)}>
          <line
            x1={left}
            x2={left + plotWidth}
            y1={base - heightOf(tick)}
            y2={base - heightOf(tick)}
            stroke={index === 0 ? token.colorBorder : token.colorBorderSecondary}
          />
          <text x={left - 8} y={base - heightOf(tick)} textAnchor="end" dominantBaseline="middle" {...text}>
            {tickLabels[index]}
          </text>
        </g>
      ))}
      {groups.map((group, index) => {
        const x = left + index * slot;
        return (
          <g key={group.key} onMouseEnter={() => onPoint(index)} data-group={group.key}>
            <rect
              x={x}
              y={layout.top}
              width={slot}
              height={plotHeight}
              fill={index === active ? token.colorFillSecondary : 'transparent'}
            />
            {series.map((one, position) => {
              const value = group.values[one.key] ?? 0n;
              return value > 0n ? (
                <rect
                  key={one.key}
                  x={x + slot * 0.1 + position * barWidth}
                  y={base - heightOf(value)}
                  width={barWidth}
                  height={heightOf(value)}
                  fill={one.color}
                  data-series={one.key}
                />
              ) : null;
            })}
            {index % labelStride === 0 ? (
              <text x={x + slot / 2} y={layout.labelY} textAnchor="middle" {...text}>
                {group.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

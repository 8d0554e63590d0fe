import { Flex, theme } from 'antd';
import type { CSSProperties } from 'react';
import type { BarGroup, BarSeries } from './bar-chart-model';

// Off screen but read by screen readers.
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

type Format = (value: bigint) => string;

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: 'inline-block', width: 10, height: 10, marginRight: 6, borderRadius: 2, background: color }}
    />
  );
}

export function BarChartLegend({ series }: { series: readonly BarSeries[] }) {
  return (
    <Flex gap={16} justify="center" role="list" style={{ marginTop: 8 }}>
      {series.map((one) => (
        <span key={one.key} role="listitem">
          <Swatch color={one.color} />
          {one.label}
        </span>
      ))}
    </Flex>
  );
}

/** The exact values of the group pointed at, centred over it but kept inside the chart. */
export function BarChartTooltip({
  group,
  series,
  formatValue,
  centre,
  width,
}: {
  group: BarGroup;
  series: readonly BarSeries[];
  formatValue: Format;
  centre: number;
  width: number;
}) {
  const { token } = theme.useToken();
  const half = Math.min(90, width / 2);
  return (
    <div
      aria-hidden="true"
      style={{
        position: 'absolute',
        top: 0,
        left: Math.min(Math.max(centre, half), width - half),
        transform: 'translateX(-50%)',
        pointerEvents: 'none',
        padding: '6px 10px',
        borderRadius: token.borderRadius,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        whiteSpace: 'nowrap',
      }}
      data-testid="bar-chart-tooltip"
    >
      <div style={{ fontWeight: 600 }}>{group.title}</div>
      {series.map((one) => (
        <div key={one.key}>
          <Swatch color={one.color} />
          {one.label}: {formatValue(group.values[one.key] ?? 0n)}
        </div>
      ))}
    </div>
  );
}

/** The chart's numbers as a table, for screen readers. */
export function BarChartTable({
  caption,
  groupHeading,
  series,
  groups,
  formatValue,
}: {
  caption: string;
  groupHeading: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  formatValue: Format;
}) {
  return (
    <table style={VISUALLY_HIDDEN}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{groupHeading}</th>
          {series.map((one) => (
            <th key={one.key} scope="col">
              {one.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.key}>
            <th scope="row">{group.title}</th>
            {series.map((one) => (
              <td key={one.key}>{formatValue(group.values[one.key] ?? 0n)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

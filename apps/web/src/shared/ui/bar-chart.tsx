import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { axisTicks, layoutChart, nextActive, type BarGroup, type BarSeries } from './bar-chart-model';
import { BarChartLegend, BarChartTable, BarChartTooltip, VISUALLY_HIDDEN } from './bar-chart-parts';
import { BarChartSvg } from './bar-chart-svg';

export type { BarGroup, BarSeries } from './bar-chart-model';

interface BarChartProps {
  /** What the chart shows; names the figure and its table for screen readers. */
  caption: string;
  /** The heading of the table's first column: what a group is (a day, a month). */
  groupHeading: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  /** A value as the axis, the tooltip and the table show it. */
  formatValue: (value: bigint) => string;
  /** The smallest step between two ticks of the axis (a cent, for money in units). */
  minTickStep?: bigint;
  height?: number;
}

const DEFAULT_WIDTH = 640;

/** The element's width as it is laid out, followed as it changes; a default until it has been measured. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    if (!element.current) {
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) {
        setWidth(entry.contentRect.width);
      }
    });
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * Grouped bars in SVG, drawn to the width of their container: an axis of round ticks, a label under every group that
 * has room, a legend, and the exact values of a group in a tooltip when it is pointed at, or chosen with the arrow
 * keys once the chart has focus (and then read out). The same numbers are in a table that only screen readers see.
 */
export function BarChart(props: BarChartProps) {
  const { caption, groupHeading, series, groups, formatValue, minTickStep = 1n, height = 240 } = props;
  const captionId = useId();
  const plot = useRef<HTMLDivElement>(null);
  const width = useWidth(plot);
  const [active, setActive] = useState<number | null>(null);
  const ticks = axisTicks(
    groups.flatMap((group) => series.map((one) => group.values[one.key] ?? 0n)),
    minTickStep,
  );
  const tickLabels = ticks.map(formatValue);
  const layout = layoutChart({ groups, series, tickLabels }, { width, height });
  const shown = active === null ? undefined : groups[active];

  const move = (event: KeyboardEvent) => {
    const next = nextActive(event.key, active, groups.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    }
  };

  return (
    <figure style={{ margin: 0 }} aria-labelledby={captionId}>
      <span id={captionId} style={VISUALLY_HIDDEN}>
        {caption}
      </span>
      <div
        ref={plot}
        tabIndex={0}
        role="group"
        aria-labelledby={captionId}
        onKeyDown={move}
        onBlur={() => setActive(null)}
        style={{ position: 'relative' }}
        data-testid="bar-chart-plot"
      >
        <BarChartSvg
          layout={layout}
          ticks={ticks}
          tickLabels={tickLabels}
          groups={groups}
          series={series}
          active={active}
          onPoint={setActive}
          width={width}
          height={height}
        />
        {/* What the tooltip shows, read out as the arrow keys move: a live region must be there before it changes. */}
        <span role="status" style={VISUALLY_HIDDEN}>
          {shown
            ? [shown.title, ...series.map((one) => `${one.label}: ${formatValue(shown.values[one.key] ?? 0n)}`)].join(
                ', ',
              )
            : ''}
        </span>
        {shown ? (
          <BarChartTooltip
            group={shown}
            series={series}
            formatValue={formatValue}
            centre={layout.left + (active! + 0.5) * layout.slot}
            width={width}
          />
        ) : null}
      </div>
      <BarChartLegend series={series} />
      <BarChartTable
        caption={caption}
        groupHeading={groupHeading}
        series={series}
        groups={groups}
        formatValue={formatValue}
      />
    </figure>
  );
}

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarGroup {
  key: string;
  /** Under its bars on the axis: short ('03-02'). */
  label: string;
  /** In the tooltip and the table: the whole name of what the bars measure ('2026-03-02'). */
  title: string;
  /** Each series' value, an integer (money in its units): the chart turns values into pixels, never into amounts. */
  values: Readonly<Record<string, bigint>>;
}

const TICKS = 4;
const MARGIN = { top: 8, right: 8, bottom: 24 };
// About the width of a character at 12 px: enough to space labels without measuring text.
const CHAR_PX = 7;

/**
 * Five ticks from zero to a round top at or above the largest value: steps of 1, 2, 2.5 or 5 × 10ⁿ, never below
 * `minStep`. Integers throughout, so an amount in money units is never scaled through a float.
 */
export function axisTicks(values: readonly bigint[], minStep: bigint): bigint[] {
  const largest = values.reduce((max, value) => (value > max ? value : max), 0n);
  const needed = (largest + BigInt(TICKS) - 1n) / BigInt(TICKS);
  const magnitude = 10n ** BigInt(needed.toString().length - 1);
  // In tenths of the magnitude; below 10, 2.5 floors to 2, which is a candidate anyway.
  const round = [10n, 20n, 25n, 50n, 100n].map((tenths) => (magnitude * tenths) / 10n).find((step) => step >= needed)!;
  const step = round > minStep ? round : minStep;
  return Array.from({ length: TICKS + 1 }, (_, index) => step * BigInt(index));
}

export type ChartLayout = ReturnType<typeof layoutChart>;

/** Where everything goes in a chart `width` × `height` pixels: the axis, each group's slot, the bars' heights. */
export function layoutChart(
  { groups, series, tickLabels }: { groups: readonly BarGroup[]; series: readonly BarSeries[]; tickLabels: string[] },
  { width, height }: { width: number; height: number },
) {
  const left = Math.max(...tickLabels.map((label) => label.length)) * CHAR_PX + 8;
  const plotWidth = Math.max(width - left - MARGIN.right, 1);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(groups.length, 1);
  const widestLabel = Math.max(0, ...groups.map((group) => group.label.length)) * CHAR_PX + 8;
  return {
    top: MARGIN.top,
    left,
    plotWidth,
    plotHeight,
    base: MARGIN.top + plotHeight,
    labelY: height - 6,
    slot,
    barWidth: Math.max((slot * 0.8) / series.length, 1),
    /** Every how many groups a label fits under its bars without touching the next one. */
    labelStride: Math.max(1, Math.ceil(widestLabel / slot)),
  };
}

/** A value's height on an axis topped at `top`: its share in integers (hundredths of a pixel), then pixels. */
export function barHeight(value: bigint, top: bigint, plotHeight: number): number {
  return Number((value * BigInt(Math.round(plotHeight * 100))) / top) / 100;
}

/** The group a key moves to among `count`, null for none; undefined when the key does not move. */
export function nextActive(key: string, active: number | null, count: number): number | null | undefined {
  const last = count - 1;
  const moves: Record<string, number | null> = {
    ArrowRight: Math.min(last, (active ?? -1) + 1),
    ArrowLeft: Math.max(0, (active ?? count) - 1),
    Home: 0,
    End: last,
    Escape: null,
  };
  return key in moves ? moves[key] : undefined;
}

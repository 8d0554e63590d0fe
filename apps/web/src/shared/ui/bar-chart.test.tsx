import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { BarChart, type BarGroup } from './bar-chart';
import { axisTicks } from './bar-chart-model';

const SERIES = [
  { key: 'in', label: 'In', color: 'green' },
  { key: 'out', label: 'Out', color: 'red' },
];

const GROUPS: BarGroup[] = [
  { key: 'a', label: 'A', title: 'Group A', values: { in: 300n, out: 0n } },
  { key: 'b', label: 'B', title: 'Group B', values: { in: 100n, out: 200n } },
  { key: 'c', label: 'C', title: 'Group C', values: { in: 0n, out: 0n } },
];

function renderChart() {
  return renderWithProviders(
    <BarChart
      caption="Things by group"
      groupHeading="Group"
      series={SERIES}
      groups={GROUPS}
      formatValue={(value) => `#${value}`}
    />,
  );
}

const bars = (container: HTMLElement, series: string) => [
  ...container.querySelectorAll<SVGRectElement>(`rect[data-series="${series}"]`),
];
const heightOf = (bar: SVGRectElement | undefined) => Number(bar?.getAttribute('height'));

describe('the bar chart', () => {
  it('draws a bar per value above zero, each as tall as its share of the axis', () => {
    const { container } = renderChart();

    const incoming = bars(container, 'in');
    expect(incoming).toHaveLength(2);
    expect(bars(container, 'out')).toHaveLength(1);
    expect(heightOf(incoming[0]) / heightOf(incoming[1])).toBeCloseTo(3, 2);
    expect(heightOf(bars(container, 'out')[0]) / heightOf(incoming[1])).toBeCloseTo(2, 2);
    expect(screen.getByRole('list').textContent).toBe('InOut');
  });

  it('shows the exact values of a group when it is pointed at, and of the next one with the arrow keys', () => {
    const { container } = renderChart();

    fireEvent.mouseEnter(container.querySelector('g[data-group="b"]')!);
    const tooltip = screen.getByTestId('bar-chart-tooltip');
    expect(tooltip.textContent).toContain('Group B');
    expect(tooltip.textContent).toContain('In: #100');
    expect(tooltip.textContent).toContain('Out: #200');

    const plot = screen.getByTestId('bar-chart-plot');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(screen.getByTestId('bar-chart-tooltip').textContent).toContain('Group C');
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(screen.getByTestId('bar-chart-tooltip').textContent).toContain('Group A');
    fireEvent.keyDown(plot, { key: 'Escape' });
    expect(screen.queryByTestId('bar-chart-tooltip')).toBeNull();
  });

  it('gives screen readers every value in a table named by the caption', () => {
    renderChart();

    const table = screen.getByRole('table', { name: 'Things by group' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['GroupInOut', 'Group A#300#0', 'Group B#100#200', 'Group C#0#0']);
  });
});

describe('the axis', () => {
  it('rises in round steps to a top at or above the largest value, never finer than asked', () => {
    expect(axisTicks([55_000n], 100n)).toEqual([0n, 20_000n, 40_000n, 60_000n, 80_000n]);
    expect(axisTicks([1_000_000_000n], 1n).at(-1)).toBe(1_000_000_000n);
    expect(axisTicks([0n], 100n)).toEqual([0n, 100n, 200n, 300n, 400n]);
    expect(axisTicks([1n], 100n).at(-1)).toBe(400n);
  });

  it('stays exact past the integers a float holds', () => {
    // 2^54 + 1: a float would read it as 2^54.
    const huge = 18_014_398_509_481_985n;
    renderWithProviders(
      <BarChart
        caption="Huge"
        groupHeading="Group"
        series={SERIES}
        groups={[{ key: 'h', label: 'H', title: 'Huge', values: { in: huge, out: 1n } }]}
        formatValue={(value) => `#${value}`}
      />,
    );
    expect(screen.getByRole('table', { name: 'Huge' }).textContent).toContain('#18014398509481985');
    expect(axisTicks([huge], 1n).at(-1)! >= huge).toBe(true);
  });
});

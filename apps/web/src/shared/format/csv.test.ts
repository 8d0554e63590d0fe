import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { csvTime, toCsv } from './csv';

describe('CSV text', () => {
  it('starts with a byte order mark and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['时间', '金额'],
        ['a', 'b'],
      ]),
    ).toBe('\uFEFF时间,金额\r\na,b\r\n');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(toCsv([['Jun 1, 2025', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '\uFEFF"Jun 1, 2025","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it('keeps signed numbers as numbers but defuses any other cell a spreadsheet would run as a formula', () => {
    expect(toCsv([['-12.30', '+5', '=1+1', '@SUM(A1)', '-cmd']])).toBe("\uFEFF-12.30,+5,'=1+1,'@SUM(A1),'-cmd\r\n");
  });
});

describe('a time in a CSV cell', () => {
  it('is local and sortable, to the second, and empty when there is none', () => {
    const time = '2026-11-27T08:30:05.123Z';
    expect(csvTime(time)).toBe(dayjs(time).format('YYYY-MM-DD HH:mm:ss'));
    expect(csvTime(time)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:05$/);
    expect(csvTime(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

// A time without an offset is read in the machine's own zone, so these hold wherever the tests run.
const EVENING = '2025-06-01T20:05:00';

describe('dates as the console shows them', () => {
  it('follows the language it is given, in pattern and month names', () => {
    expect(formatDateTime(EVENING, 'zh-CN')).toBe('2025-06-01 20:05');
    expect(formatDateTime(EVENING, 'en-US')).toBe('Jun 1, 2025 20:05');
  });

  it('shows only the day when asked for a date', () => {
    expect(formatDateTime(EVENING, 'zh-CN', 'date')).toBe('2025-06-01');
    expect(formatDateTime(EVENING, 'en-US', 'date')).toBe('Jun 1, 2025');
  });

  it('shows nothing for a value that is not a time', () => {
    expect(formatDateTime('not a time', 'zh-CN')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { duePeriods, periodKey } from '../../src/jobs/periods.js';

describe('job periods', () => {
  it('keys business days in Shanghai time, so 0:00 settlement is 0:00 in China', () => {
    // 16:30 UTC is 00:30 the next day in Shanghai.
    expect(periodKey('day', new Date('2026-11-20T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-11-21');
    expect(periodKey('day', new Date('2026-11-20T15:59:00Z'), 'Asia/Shanghai')).toBe('2026-11-20');
  });

  it('keys minutes in UTC', () => {
    expect(periodKey('minute', new Date('2026-11-20T16:30:45Z'), 'Asia/Shanghai')).toBe('2026-11-20T16:30');
  });

  it('runs only the current period for a job with no history', () => {
    expect(
      duePeriods({
        cadence: 'minute',
        now: new Date('2026-11-20T16:30:45Z'),
        lastDone: null,
        timeZone: 'UTC',
        limit: 60,
      }),
    ).toEqual(['2026-11-20T16:30']);
  });

  it('catches up every missed minute in order after downtime', () => {
    const due = duePeriods({
      cadence: 'minute',
      now: new Date('2026-11-20T16:30:10Z'),
      lastDone: '2026-11-20T16:27',
      timeZone: 'UTC',
      limit: 60,
    });
    expect(due).toEqual(['2026-11-20T16:28', '2026-11-20T16:29', '2026-11-20T16:30']);
  });

  it('keeps only the newest periods when the gap is longer than the catch-up window', () => {
    const due = duePeriods({
      cadence: 'minute',
      now: new Date('2026-11-20T16:30:00Z'),
      lastDone: '2026-11-20T10:00',
      timeZone: 'UTC',
      limit: 3,
    });
    expect(due).toEqual(['2026-11-20T16:28', '2026-11-20T16:29', '2026-11-20T16:30']);
  });

  it('catches up missed days without skipping or repeating one', () => {
    const due = duePeriods({
      cadence: 'day',
      now: new Date('2026-11-21T01:00:00Z'),
      lastDone: '2026-11-18',
      timeZone: 'Asia/Shanghai',
      limit: 10,
    });
    expect(due).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
  });
});

import { describe, expect, it } from 'vitest';
import { allowedActions, shouldPoll } from './application-status';

describe('the actions an application allows', () => {
  it('offers links, stop, timed shutdown and destroy while it runs, and renewal only when prepaid', () => {
    expect([...allowedActions({ status: 'running', billingMode: 'minute' })].sort()).toEqual(
      ['destroy', 'expandDisk', 'links', 'stop', 'timedStop'].sort(),
    );
    expect(allowedActions({ status: 'running', billingMode: 'month' }).has('renew')).toBe(true);
  });

  it('offers restart and destroy once stopped, but neither stop nor a timed shutdown', () => {
    const actions = allowedActions({ status: 'stopped', billingMode: 'minute' });
    expect([...actions].sort()).toEqual(['destroy', 'expandDisk', 'restart']);
    expect(allowedActions({ status: 'stopped', billingMode: 'day' }).has('renew')).toBe(true);
  });

  it('lets an abnormal application be stopped, restarted, expanded or destroyed, without opening its links', () => {
    expect([...allowedActions({ status: 'abnormal', billingMode: 'minute' })].sort()).toEqual([
      'destroy',
      'expandDisk',
      'restart',
      'stop',
    ]);
  });

  it('offers nothing while the application is on its way to another status', () => {
    for (const status of ['creating', 'starting', 'stopping', 'restarting'] as const) {
      expect(allowedActions({ status, billingMode: 'week' }).size).toBe(0);
    }
  });
});

describe('polling the list', () => {
  it('goes on while any row is changing status', () => {
    expect(shouldPoll([{ status: 'running' }, { status: 'creating' }])).toBe(true);
    expect(shouldPoll([{ status: 'stopping' }])).toBe(true);
  });

  it('stops once every row has settled, and for an empty list', () => {
    expect(shouldPoll([{ status: 'running' }, { status: 'stopped' }, { status: 'abnormal' }])).toBe(false);
    expect(shouldPoll([])).toBe(false);
  });
});

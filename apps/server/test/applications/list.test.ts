import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import {
  act,
  advance,
  createApplication,
  createRenter,
  listApplications,
  startComputeApp,
} from './application-helpers.js';

// The list's total is remembered per user and status (migration 0024) rather than counted on every request: it must
// follow every create, stop and destroy, before and after the minute job folds the changes in.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

const perMinute = () => ({ imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' });

async function totals(token: string) {
  const [all, running, stopped] = await Promise.all(
    ['', '&status=running', '&status=stopped'].map((filter) => listApplications(t, token, `?pageSize=10${filter}`)),
  );
  return { all: all!.total, running: running!.total, stopped: stopped!.total };
}

describe('the application list', () => {
  it('counts the caller’s live applications by status as they are created, stopped and destroyed', async () => {
    const renter = await createRenter(t);
    const neighbour = await createRenter(t);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await createApplication(t, renter.token, perMinute())).json().data.id);
    }
    expect((await createApplication(t, neighbour.token, perMinute())).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await totals(renter.token)).toEqual({ all: 3, running: 3, stopped: 0 });

    expect((await act(t, renter.token, 'stop', ids[0]!)).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await totals(renter.token)).toEqual({ all: 3, running: 2, stopped: 1 });

    // The minute job folds the changes into the counts: the totals stay what they were.
    await advance(t, 1);
    expect(await totals(renter.token)).toEqual({ all: 3, running: 2, stopped: 1 });

    expect((await act(t, renter.token, 'destruction', ids[1]!)).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await totals(renter.token)).toEqual({ all: 2, running: 1, stopped: 1 });
    expect(await totals(neighbour.token)).toEqual({ all: 1, running: 1, stopped: 0 });
  });

  it('answers a page past the end with no rows and the true total', async () => {
    const renter = await createRenter(t);
    await createApplication(t, renter.token, perMinute());
    await createApplication(t, renter.token, perMinute());
    await t.services.applications.settled();

    const page = await listApplications(t, renter.token, '?pageNum=3&pageSize=1');
    expect(page).toEqual({ rows: [], total: 2 });
    expect(await listApplications(t, renter.token, '?pageNum=1&pageSize=10&status=stopped')).toEqual({
      rows: [],
      total: 0,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/events/consumer-runner.js';
import { FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { consumerRunner, effectConsumer, handled, recordEvents, testEvent } from '../helpers/event-consumers.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { createScratchTables } from '../helpers/scratch-tables.js';

// Real PostgreSQL only: two administrators on two instances retrying one parked event at once.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  b = await secondInstance(a, { RATE_LIMIT_PER_MINUTE: '0' });
  await createScratchTables(a.db);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('retrying a parked event, raced on PostgreSQL', () => {
  it('hands it to its consumer once: one administrator’s retry wins, the other gets 409', async () => {
    const first = await createOperator(a, ['admin']);
    const second = await createOperator(a, ['admin']);
    const clock = new FixedClock(new Date('2026-11-26T00:00:00Z'));
    const failing = { spendable: '13', on: true };
    const runner = consumerRunner(a.testDatabase.database, clock, [
      effectConsumer({ name: 'test.raced-retry', worker: 'a', failing }),
    ]);

    for (let round = 0; round < 3; round += 1) {
      failing.on = true;
      await recordEvents(a.db, [testEvent(`race:${round}`, 13)]);
      await runner.drain();
      for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
        clock.set(new Date(clock.now().getTime() + retryDelayMs(attempts)));
        await runner.drain();
      }
      const parked = (await a.request({ method: 'GET', url: '/api/admin/admin/dashboard', token: first.token })).json()
        .data.parked as { consumer: string; eventId: string }[];
      const { eventId } = parked.find((row) => row.consumer === 'test.raced-retry')!;

      failing.on = false;
      const payload = { consumer: 'test.raced-retry', eventId, reason: `round ${round}` };
      const url = '/api/admin/admin/dashboard/parked-events/retry';
      const answers = await Promise.all([
        a.request({ method: 'POST', url, token: first.token, payload }),
        b.request({ method: 'POST', url, token: second.token, payload }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      await runner.drain();
      expect((await handled(a.db, 'test.raced-retry')).filter((row) => row.event_id === eventId)).toHaveLength(1);
    }
    const rows = [...(await auditRowsOf(a, first.userId)), ...(await auditRowsOf(a, second.userId))];
    expect(rows.filter((row) => row.action === 'events.retryParked')).toHaveLength(3);
  }, 120_000);
});

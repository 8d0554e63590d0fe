import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NOTICE = { titleZh: '维护', titleEn: 'Maintenance', contentZh: '正文', contentEn: 'Body' };

describe('two support operators acting on one notice at once', () => {
  it('one wins and the other is told it changed (409), with one audit row for the change', async () => {
    const operators = [await createOperator(t, ['support']), await createOperator(t, ['support'])];
    const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.request({ method, url: `/api/admin/support/notices${url}`, token, locale: 'en-US', payload });
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    for (let round = 0; round < 5; round += 1) {
      const created = await send(operators[0]!.token, 'POST', '', { ...NOTICE, publishTime: later, reason: 'plan' });
      const id = created.json().data.id as string;
      const withdrawals = await Promise.all(
        operators.map((operator) =>
          send(operator.token, 'POST', `/${id}/withdraw`, { version: 1, reason: `withdraw ${round}` }),
        ),
      );
      expect(withdrawals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

      const second = (
        await send(operators[0]!.token, 'POST', '', { ...NOTICE, publishTime: later, reason: 'plan' })
      ).json().data.id as string;
      const edits = await Promise.all(
        operators.map((operator, index) =>
          send(operator.token, 'PUT', `/${second}`, {
            ...NOTICE,
            titleEn: `Edit by ${index}`,
            publishTime: later,
            version: 1,
            reason: 'edit',
          }),
        ),
      );
      expect(edits.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(edits.find((answer) => answer.statusCode === 409)!.json().msg).toContain('changed by another operator');

      const changes = (await Promise.all(operators.map((operator) => auditRowsOf(t, operator.userId))))
        .flat()
        .filter((row) => [`notice:${id}`, `notice:${second}`].includes(row.target) && row.action !== 'notices.create');
      expect(changes.map((row) => row.action).sort()).toEqual(['notices.update', 'notices.withdraw']);
    }
  });
});

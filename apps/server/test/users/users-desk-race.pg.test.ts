import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { desk } from './users-desk-helpers.js';

// Real PostgreSQL only: two operators on two instances changing one account at once.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  b = await secondInstance(a, { RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

describe('the users desk raced on PostgreSQL', () => {
  it('lets one of two operators lock (or unlock) an account at once, the other gets 409, one audit row each', async () => {
    const user = await createSignedInUser(a);
    const first = await createOperator(a, ['support']);
    const second = await createOperator(a, ['support']);
    const both = (action: 'lock' | 'unlock') =>
      Promise.all([desk(a, first.token)[action](user.userId), desk(b, second.token)[action](user.userId)]);

    for (let round = 0; round < 5; round += 1) {
      expect(statuses(await both('lock')), `lock ${round}`).toEqual([200, 409]);
      expect(statuses(await both('unlock')), `unlock ${round}`).toEqual([200, 409]);
    }
    const rows = [...(await auditRowsOf(a, first.userId)), ...(await auditRowsOf(a, second.userId))];
    expect(rows.filter((row) => row.action === 'users.lock')).toHaveLength(5);
    expect(rows.filter((row) => row.action === 'users.unlock')).toHaveLength(5);
  });

  it('grants a role once when two operators grant it at once, and revokes it once', async () => {
    const user = await createSignedInUser(a);
    const first = await createOperator(a, ['admin']);
    const second = await createOperator(a, ['admin']);
    const both = (change: 'grant' | 'revoke') =>
      Promise.all([
        desk(a, first.token).changeRole(user.userId, { role: 'education', change }),
        desk(b, second.token).changeRole(user.userId, { role: 'education', change }),
      ]);
    expect(statuses(await both('grant'))).toEqual([200, 409]);
    expect(statuses(await both('revoke'))).toEqual([200, 409]);
  });
});

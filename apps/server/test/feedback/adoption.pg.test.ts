import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import { adopt, sendFeedback, startFeedbackApp } from './feedback-helpers.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
let t: TestApp;
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ t, cleanUp } = await startFeedbackApp());
});
afterAll(() => cleanUp());

const giftsOf = async (userId: bigint) =>
  queryRows<{ amount: string }>(
    t.db,
    sql`SELECT face_amount::text AS amount FROM vouchers WHERE user_id = ${userId} AND source = 'feedback'`,
  );

describe('two support operators adopting the same feedback at once', () => {
  it('give its author one gift voucher, and the other operator is told it was adopted', async () => {
    const operators = [await createOperator(t, ['support']), await createOperator(t, ['support'])];
    for (let round = 0; round < 5; round += 1) {
      const author = await createSignedInUser(t);
      const id = (await sendFeedback(t, author.token, { content: `idea ${round}` })).json().data.id as string;
      const answers = await Promise.all(operators.map((operator) => adopt(t, operator.token, id)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await giftsOf(author.userId)).toEqual([{ amount: '50000' }]);
      const audits = await queryRows(t.db, sql`SELECT 1 FROM audit_log WHERE target = ${`feedback:${id}`}`);
      expect(audits).toHaveLength(1);
    }
  });
});

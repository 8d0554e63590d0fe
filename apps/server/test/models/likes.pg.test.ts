import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const toggleLike = (token: string, modelId: string) =>
  t.request({ method: 'GET', url: `/api/system/trainedModel/like?modelId=${modelId}`, token });

async function firstModelId() {
  const response = await t.request({ method: 'GET', url: '/api/system/trainedModel/listByUser?pageSize=1' });
  return (response.json().data as { rows: { id: string }[] }).rows[0]!.id;
}

async function countsOf(modelId: string) {
  const [row] = await queryRows<{ likeCount: number; rows: number }>(
    t.db,
    sql`SELECT like_count AS "likeCount",
          (SELECT count(*)::int FROM model_likes WHERE model_id = ${modelId}) AS rows
        FROM trained_models WHERE id = ${modelId}`,
  );
  return row!;
}

describe('model likes toggled at once', () => {
  it('by 20 users leave the count equal to the like rows', async () => {
    const model = await firstModelId();
    const before = await countsOf(model);
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(t)));
    const answers = await Promise.all(users.map((user) => toggleLike(user.token, model)));
    expect(answers.every((answer) => answer.json().data?.liked === true)).toBe(true);
    expect(await countsOf(model)).toEqual({ likeCount: before.likeCount + 20, rows: before.rows + 20 });

    // Half take their like back while the other half toggle twice at once.
    await Promise.all(
      users.flatMap((user, index) =>
        index % 2 === 0
          ? [toggleLike(user.token, model)]
          : [toggleLike(user.token, model), toggleLike(user.token, model)],
      ),
    );
    const after = await countsOf(model);
    expect(after.likeCount - before.likeCount).toBe(after.rows - before.rows);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { officialImageId, toggleLike } from './catalogue-helpers.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function countsOf(imageId: string) {
  const [row] = await queryRows<{ likeCount: number; rows: number }>(
    t.db,
    sql`SELECT like_count AS "likeCount",
          (SELECT count(*)::int FROM application_image_likes WHERE image_id = ${imageId}) AS rows
        FROM application_images WHERE id = ${imageId}`,
  );
  return row!;
}

describe('likes toggled at once', () => {
  it('by 20 users leave the count equal to the like rows', async () => {
    const image = await officialImageId(t, 'Stable Diffusion WebUI');
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(t)));
    const answers = await Promise.all(users.map((user) => toggleLike(t, user.token, image)));
    expect(answers.every((answer) => answer.json().data?.liked === true)).toBe(true);
    expect(await countsOf(image)).toEqual({ likeCount: 20, rows: 20 });

    // Half take their like back while the other half toggle twice at once.
    await Promise.all(
      users.flatMap((user, index) =>
        index % 2 === 0
          ? [toggleLike(t, user.token, image)]
          : [toggleLike(t, user.token, image), toggleLike(t, user.token, image)],
      ),
    );
    const after = await countsOf(image);
    expect(after.likeCount).toBe(after.rows);
  });
});

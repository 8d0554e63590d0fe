import type { Db, Tx } from './client.js';
import { inTransaction } from './transaction.js';

/** One user's like of one thing, as the owning module's queries store it: a like row and a count on the liked row. */
export interface LikeRows {
  /** Removes the user's like; whether there was one to remove. */
  remove(tx: Tx): Promise<boolean>;
  /** Records the user's like once (ON CONFLICT DO NOTHING); whether this call recorded it. */
  add(tx: Tx): Promise<boolean>;
  /** Moves the liked row's count by `delta` with an UPDATE (`like_count + delta`) and answers the new count. */
  addToCount(tx: Tx, delta: 1 | -1): Promise<number>;
  readCount(tx: Tx): Promise<number>;
}

/**
 * Likes the thing, or takes the like back. The like row and the count change commit together, and the UPDATE's row
 * lock orders concurrent toggles while `like_count + delta` reads the committed value, so the count always equals the
 * like rows however many toggles race (test/catalogue/likes.pg.test.ts).
 */
export function toggleLike(db: Db, rows: LikeRows) {
  return inTransaction(db, async (tx) => {
    if (await rows.remove(tx)) {
      return { liked: false, likeCount: await rows.addToCount(tx, -1) };
    }
    if (await rows.add(tx)) {
      return { liked: true, likeCount: await rows.addToCount(tx, 1) };
    }
    // A toggle of the same user committed the like first: this one leaves it as it found it.
    return { liked: true, likeCount: await rows.readCount(tx) };
  });
}

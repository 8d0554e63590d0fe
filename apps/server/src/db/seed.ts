import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Demonstration data for a development machine (`npm start` turns DEV_TOOLS on); never seeded in production.
 * Idempotent: each row is keyed, so running it on every start changes nothing the second time.
 */
export async function seedDevelopmentData(db: Executor): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (nick_name, phone, email, real_name_verified_at)
    VALUES ('演示用户', '13800000000', 'demo@suanli.local', now())
    ON CONFLICT DO NOTHING`);
}

import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

const PLATFORM_NOTICES = [
  {
    titleZh: '算力云上线公告',
    titleEn: 'Suanli is live',
    contentZh: '算力云正式上线：按分钟计费的 GPU 应用、官方与社区镜像、120 GB 免费云空间，新用户充值享专属福利。',
    contentEn:
      'Suanli is open: GPU applications billed by the minute, official and community images, 120 GB of free cloud ' +
      'space, and a recharge benefit for new users.',
    publishedDaysAgo: 7,
  },
  {
    titleZh: 'RTX 4090 新机房开放',
    titleEn: 'New RTX 4090 capacity',
    contentZh: '华东新机房的 RTX 4090 已开放租用，教育用户低至 1.95 元/小时。',
    contentEn:
      'RTX 4090 GPUs in our new East China data centre are available now, from 1.95 yuan per hour for education users.',
    publishedDaysAgo: 1,
  },
];

/**
 * Demonstration data for a development machine (`npm start` turns DEV_TOOLS on); never seeded in production.
 * Idempotent: each row is keyed, so running it on every start changes nothing the second time.
 */
export async function seedDevelopmentData(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (nick_name, phone, email, real_name_verified_at)
    VALUES ('演示用户', '13800000000', 'demo@suanli.local', now())
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO user_roles (user_id, role_key)
    SELECT id, 'user' FROM users WHERE phone = '13800000000'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO informs (user_id, kind, params, created_at)
    SELECT id, 'welcome', '{}', now() FROM users
    WHERE phone = '13800000000' AND NOT EXISTS (
      SELECT 1 FROM informs WHERE informs.user_id = users.id AND informs.kind = 'welcome')`);
  // Notices have no natural key, so the Chinese title stands in for one.
  for (const notice of PLATFORM_NOTICES) {
    await db.execute(sql`
      INSERT INTO notices (title_zh, title_en, content_zh, content_en, published_at)
      SELECT ${notice.titleZh}, ${notice.titleEn}, ${notice.contentZh}, ${notice.contentEn},
             now() - make_interval(days => ${notice.publishedDaysAgo})
      WHERE NOT EXISTS (SELECT 1 FROM notices WHERE title_zh = ${notice.titleZh})`);
  }
}

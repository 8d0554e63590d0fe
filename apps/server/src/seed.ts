import { inTransaction } from './db/transaction.js';
import type { Db } from './db/client.js';
import type { Services } from './compose-modules.js';

const DAY_MS = 24 * 60 * 60_000;

const DEMO_ACCOUNT = { phone: '13800000000', email: 'demo@suanli.local', nickName: '演示用户' };

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
 * Demonstration data for a development machine (`npm start` turns DEV_TOOLS on); never seeded in production. It goes
 * through the modules' services, so the demo account is made the way registration makes one. Repeatable: running it
 * on every start changes nothing the second time.
 */
export async function seedDevelopmentData(db: Db, services: Services): Promise<void> {
  const { users, notices } = services;
  if (!(await users.isRegistered(db, DEMO_ACCOUNT.phone))) {
    await inTransaction(db, async (tx) => {
      const userId = await users.createAccount(tx, DEMO_ACCOUNT);
      await users.setRealNameVerified(tx, userId, new Date());
    });
  }
  const now = Date.now();
  for (const { publishedDaysAgo, ...notice } of PLATFORM_NOTICES) {
    await notices.publishNotice({ ...notice, publishedAt: new Date(now - publishedDaysAgo * DAY_MS) });
  }
}

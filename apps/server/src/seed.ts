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

// Community images the demo account has published (the official ones come with migration 0019).
const COMMUNITY_IMAGES = [
  {
    name: 'Kohya LoRA Trainer',
    typeNameEn: 'AIGC image',
    summaryZh: '用 kohya_ss 训练 SD/SDXL 的 LoRA，附带打标工具',
    summaryEn: 'Train SD and SDXL LoRAs with kohya_ss, tagging tools included',
    introductionZh:
      '## 说明\n\n基于 kohya_ss 的 LoRA 训练环境，内置 WD14 自动打标。\n\n1. 把训练图片放到 `/root/data/train`。\n2. 打开 **WebUI** 链接，选择底模与参数后开始训练。\n\n训练 SDXL LoRA 建议 24 GB 显存。',
    introductionEn:
      '## About\n\nA LoRA training environment built on kohya_ss, with WD14 auto-tagging.\n\n1. Put your training images in `/root/data/train`.\n2. Open the **WebUI** link, choose a base model and settings, and start training.\n\nSDXL LoRAs train best with 24 GB of GPU memory.',
    minGpuMemoryGb: 24,
    links: [{ name: 'WebUI', port: 7860, kind: 'webui' as const }],
  },
  {
    name: 'ChatGLM3-6B Web Demo',
    typeNameEn: 'LLM inference',
    summaryZh: '开箱即用的 ChatGLM3-6B 对话演示与 API',
    summaryEn: 'A ready-to-use ChatGLM3-6B chat demo and API',
    introductionZh:
      '## 说明\n\n预下载 ChatGLM3-6B 权重，启动后打开 **WebUI** 即可对话，或调用 **API** 链接的 `/v1/chat/completions`。',
    introductionEn:
      '## About\n\nChatGLM3-6B weights are downloaded already: open the **WebUI** to chat, or call `/v1/chat/completions` on the **API** link.',
    minGpuMemoryGb: 16,
    links: [
      { name: 'WebUI', port: 7860, kind: 'webui' as const },
      { name: 'API', port: 8000, kind: 'api' as const },
    ],
  },
];

/**
 * Demonstration data for a development machine (`npm start` turns DEV_TOOLS on); never seeded in production. It goes
 * through the modules' services, so the demo account is made the way registration makes one. Repeatable: running it
 * on every start changes nothing the second time.
 */
export async function seedDevelopmentData(db: Db, services: Services): Promise<void> {
  const { users, notices, catalogue } = services;
  if (!(await users.isRegistered(db, DEMO_ACCOUNT.phone))) {
    await inTransaction(db, async (tx) => {
      const userId = await users.createAccount(tx, DEMO_ACCOUNT);
      await users.setRealNameVerified(tx, userId, new Date());
    });
  }
  const demo = await users.findUserByAccount(db, DEMO_ACCOUNT.phone);
  for (const image of COMMUNITY_IMAGES) {
    await catalogue.publishCommunityImage({ ...image, ownerId: demo!.id });
  }
  const now = Date.now();
  for (const { publishedDaysAgo, ...notice } of PLATFORM_NOTICES) {
    await notices.publishNotice({ ...notice, publishedAt: new Date(now - publishedDaysAgo * DAY_MS) });
  }
}

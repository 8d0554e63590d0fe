import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
let configured: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  configured = await buildTestApp({
    SITE_COMPANY_NAME: '北京算力云科技有限公司',
    SITE_COMPANY_NAME_EN: 'Beijing Suanli Cloud Technology Co., Ltd.',
    SITE_ICP_NUMBER: '京ICP备12345678号-1',
    SITE_PUBLIC_SECURITY_NUMBER: '京公网安备11010502012345号',
    SITE_AGREEMENT_URL: 'https://suanli.example.cn/agreement',
    SUPPORT_PHONE: '400-123-4567',
    SUPPORT_EMAIL: 'help@suanli.example.cn',
    SUPPORT_DAYS: 'daily',
    SUPPORT_HOURS: '08:30-22:00',
    SUPPORT_WECHAT_URL: 'https://work.weixin.qq.com/kfid/kfcRealOne',
  });
});
afterAll(async () => {
  await t.close();
  await configured.close();
});

const siteInfo = (app: TestApp, locale?: 'en-US') =>
  app.request({ method: 'GET', url: '/api/system/site/info', locale });

describe('the public site information', () => {
  it('answers a guest with fictitious development values when nothing is configured', async () => {
    const response = await siteInfo(t);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      companyName: '示例算力科技有限公司（虚构，仅供开发）',
      icpNumber: '京ICP备00000000号-0',
      publicSecurityNumber: '京公网安备00000000000000号',
      agreementUrl: '/help/user-agreement',
      privacyUrl: '/help/privacy-policy',
      support: {
        phone: '400-000-0000',
        email: 'support@example.com',
        hours: { days: 'weekdays', opensAt: '09:00', closesAt: '18:00', timeZone: 'Asia/Shanghai' },
        wechatUrl: 'https://work.weixin.qq.com/kfid/kfc0000000000000000',
      },
    });
  });

  it("answers the operator's configured values, the company named in the request's language", async () => {
    const chinese = (await siteInfo(configured)).json().data;
    expect(chinese).toMatchObject({
      companyName: '北京算力云科技有限公司',
      icpNumber: '京ICP备12345678号-1',
      publicSecurityNumber: '京公网安备11010502012345号',
      agreementUrl: 'https://suanli.example.cn/agreement',
      privacyUrl: '/help/privacy-policy',
      support: {
        phone: '400-123-4567',
        email: 'help@suanli.example.cn',
        hours: { days: 'daily', opensAt: '08:30', closesAt: '22:00', timeZone: 'Asia/Shanghai' },
        wechatUrl: 'https://work.weixin.qq.com/kfid/kfcRealOne',
      },
    });
    expect((await siteInfo(configured, 'en-US')).json().data.companyName).toBe(
      'Beijing Suanli Cloud Technology Co., Ltd.',
    );
  });

  it('refuses hours the console could not read, at start', async () => {
    await expect(buildTestApp({ SUPPORT_HOURS: '9 to 6' })).rejects.toThrow(/SUPPORT_HOURS/);
  });
});

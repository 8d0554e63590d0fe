import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn, type Language } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';
import { verifyRealName } from '../support/renter.js';

let session: BrowserSession;
afterEach(() => session.close());

const TEXTS = {
  'zh-CN': {
    unsigned: '未签约',
    signed: '已签约',
    title: 'API 用户服务协议',
    content: '甲方（平台）向乙方（API 用户）提供 API 开放平台的接入服务',
    verifyFirst: '签约需使用您的实名身份，请先完成实名认证',
    failed: '签约失败，请检查姓名和身份证号',
    done: '签约成功',
  },
  'en-US': {
    unsigned: 'Not signed',
    signed: 'Signed',
    title: 'API User Service Agreement',
    content: 'The platform (Party A) provides the API user (Party B) with access to the API open platform',
    verifyFirst: 'Signing uses your real-name identity: please complete real-name verification first',
    failed: 'Signing failed, please check name and ID number',
    done: 'Contract signed',
  },
} satisfies Record<Language, Record<string, string>>;

describe('signing the API user contract on /APIOpen', () => {
  it.each(['zh-CN', 'en-US'] as const)(
    'in %s: a user verifies first, reads the contract, is refused a wrong name and signs with their identity',
    async (language) => {
      const text = TEXTS[language];
      session = await openBrowser({ bypassCSP: true });
      const { page, baseUrl } = session;
      const user = await registerByEmail();
      await chooseLanguage(page, baseUrl, language);
      await openSignedIn(page, baseUrl, user.token, '/APIOpen');
      await dismissWelcomeDialogs(page);

      // Not verified yet: the card says to verify first and leads to where that happens.
      await expect.poll(() => page.getByTestId('api-contract-status').textContent()).toBe(text.unsigned);
      expect(await page.getByTestId('api-contract-verify-first').textContent()).toContain(text.verifyFirst);
      expect(await page.getByTestId('api-contract-verify').getAttribute('href')).toBe('/userCenter');
      expect(await page.getByTestId('api-contract-sign').count()).toBe(0);

      const identity = await verifyRealName(user.token);
      await page.reload();
      await page.getByTestId('api-contract-sign').waitFor({ state: 'visible' });
      expect(await page.getByTestId('api-contract-verify-first').count()).toBe(0);

      // The contract, in the interface language.
      await page.getByTestId('api-contract-view').click();
      const content = page.getByTestId('api-contract-content');
      await content.waitFor({ state: 'visible' });
      expect(await content.textContent()).toContain(text.content);
      expect(await page.locator('.ant-modal-title').textContent()).toBe(text.title);
      await page.getByTestId('api-contract-close').click();
      await content.waitFor({ state: 'hidden' });

      // A name that is not the verified one: spec §8's refusal, and still unsigned.
      await page.getByTestId('api-contract-sign').click();
      await page.getByTestId('api-sign-name').fill('张三');
      await page.getByTestId('api-sign-id-number').fill(identity.idCard);
      await page.getByTestId('api-sign-agreement').check();
      await page.getByTestId('api-sign-submit').click();
      await page.getByText(text.failed).waitFor({ state: 'visible' });
      expect(await page.getByTestId('api-contract-status').textContent()).toBe(text.unsigned);
      expect(await seriousViolations(page)).toEqual([]);

      // The verified name: signed, with the date, which a reload still shows.
      await page.getByTestId('api-sign-name').fill(identity.realName);
      await page.getByTestId('api-sign-submit').click();
      await page.getByText(text.done).waitFor({ state: 'visible' });
      await page.getByTestId('api-sign-submit').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('api-contract-status').textContent()).toBe(text.signed);
      const signedAt = page.getByTestId('api-contract-signed-at');
      const when = await signedAt.getAttribute('datetime');
      expect(Number.isNaN(Date.parse(when ?? ''))).toBe(false);
      await page.reload();
      await expect.poll(() => page.getByTestId('api-contract-status').textContent()).toBe(text.signed);
      expect(await signedAt.getAttribute('datetime')).toBe(when);
      expect(await signedAt.textContent()).not.toBe('');
      expect(await page.getByTestId('api-contract-sign').count()).toBe(0);
    },
  );
});

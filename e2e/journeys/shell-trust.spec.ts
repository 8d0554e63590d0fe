import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseFromMoreMenu, chooseLanguage, openInteractive } from '../support/console.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

// The server's development values (apps/server/src/config.ts), obviously fictitious.
const ICP = '京ICP备00000000号-0';

describe('what a Chinese site shows to be trusted', () => {
  it('shows the operator, its filing numbers and the agreement and privacy links in the footer', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    const footer = page.getByTestId('site-footer');
    await expect.poll(() => page.getByTestId('footer-icp').textContent()).toBe(ICP);
    expect(await page.getByTestId('footer-icp').getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(await page.getByTestId('footer-public-security').textContent()).toMatch(/^京公网安备\d+号$/);
    expect(await page.getByTestId('footer-company').textContent()).toContain('有限公司');
    expect(await page.getByTestId('footer-agreement').getAttribute('href')).toBe('/help/user-agreement');
    expect(await page.getByTestId('footer-privacy').getAttribute('href')).toBe('/help/privacy-policy');
    expect(await footer.textContent()).not.toContain('运营方配置');
  });

  it('opens the customer-service card on click with a phone link, e-mail, hours with the time zone and a QR', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId('customer-service').click();
    await page.getByTestId('customer-service-card').waitFor({ state: 'visible' });
    expect(await page.getByTestId('cs-phone').getAttribute('href')).toBe('tel:4000000000');
    expect(await page.getByTestId('cs-email').getAttribute('href')).toMatch(/^mailto:.+@.+/);
    expect(await page.getByTestId('cs-hours').textContent()).toMatch(/09:00.*18:00.*(北京时间|中国标准时间|UTC\+8)/);
    await page.getByTestId('cs-wechat-qr').waitFor({ state: 'visible' });
  });

  it('opens "Contact us" from the menu by keyboard, in English too', async () => {
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId('customer-service').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('customer-service-card').waitFor({ state: 'visible' });
    expect(await page.getByTestId('cs-hours').textContent()).toMatch(/09:00.*18:00.*(China|UTC\+8)/);
    await page.keyboard.press('Escape');

    await chooseFromMoreMenu(page, 'contactUs', page.getByTestId('contact-dialog'));
  });
});

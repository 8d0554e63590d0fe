import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import {
  chooseFromMoreMenu,
  chooseLanguage,
  dismissWelcomeDialogs,
  openInteractive,
  openSignedIn,
  scrollsSideways,
} from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

// A real 1 × 1 PNG, so that the dialog can draw its preview as it would for a person's screenshot.
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let session: BrowserSession;
beforeEach(async () => {
  // Past the console's Content-Security-Policy, so that axe-core can check the feedback dialog.
  session = await openBrowser({ bypassCSP: true });
});
afterEach(() => session.close());

interface FeedbackRow {
  id: string;
  content: string;
  screenshotUrls: string[];
}

/** A support operator (granted with the dev tool) finds the feedback by its text and adopts it through the admin API. */
async function adoptAsOperator(content: string) {
  const operator = await registerByEmail();
  await callApi('POST', '/dev/operators/areas', { body: { account: operator.email, area: 'support' } });
  const listed = await callApi<{ rows: FeedbackRow[] }>('GET', '/admin/support/feedback?pageSize=100', {
    token: operator.token,
  });
  const row = listed.data.rows.find((feedback) => feedback.content === content);
  expect(row?.screenshotUrls).toHaveLength(1);
  const adopted = await callApi('POST', `/admin/support/feedback/${row!.id}/adopt`, {
    token: operator.token,
    body: { reason: 'a journey' },
  });
  expect(adopted.code).toBe(200);
}

describe('feedback and business consultation', () => {
  it('sends a consultation as a guest from the business landing, with its five services', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/businessImplementation`);
    await expect.poll(() => page.locator('[data-testid^="business-service-"]').count()).toBe(5);
    expect(await page.getByTestId('business-service-cloud').textContent()).toContain('GPU/TPU');

    // Feedback is for signed-in users, whom an adoption can thank: a guest is asked to log in.
    await chooseFromMoreMenu(page, 'feedback', page.getByTestId('feedback-login'));
    await page.getByTestId('feedback-login').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    await page.locator('.ant-modal-wrap:has([data-testid="login-dialog"]) .ant-modal-close').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });

    await page.getByTestId('business-consult-now').click();
    const form = page.getByTestId('consult-form');
    await form.waitFor({ state: 'visible' });
    await page.getByTestId('consult-submit').click();
    await form.getByText('请输入姓名').waitFor({ state: 'visible' });

    await page.getByTestId('consult-name').fill('王小明');
    await page.getByTestId('consult-company').fill('星河智能科技有限公司');
    await page.getByTestId('consult-position').fill('CTO');
    await page.getByTestId('consult-phone').fill('13912345678');
    await page.getByTestId('consult-service-apiAccess').click();
    await page.getByTestId('consult-requirement').fill('一个月的 A100 微调算力');
    await page.getByTestId('consult-submit').click();
    const sent = page.getByTestId('consult-sent');
    await sent.waitFor({ state: 'visible' });
    expect(await sent.textContent()).toContain('24 小时内与您联系');
  });

  it('sends feedback with a screenshot; adopted by an operator, it brings the user a gift voucher', async () => {
    const { page, baseUrl } = session;
    const user = await registerByEmail();
    await openSignedIn(page, baseUrl, user.token, '/aigc');
    await dismissWelcomeDialogs(page);

    await chooseFromMoreMenu(page, 'feedback', page.getByTestId('feedback-content'));
    const content = `希望 GPU 列表可以按价格排序 ${Date.now()}`;
    await page.getByTestId('feedback-content').fill(content);
    await page
      .locator('[data-testid="feedback-form"] input[type="file"]')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: SCREENSHOT });
    await page.locator('[data-testid="feedback-form"] .ant-upload-list-item-done img').waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('feedback-submit').click();
    await page.getByTestId('feedback-sent').waitFor({ state: 'visible' });
    await page.getByTestId('feedback-close').click();
    await page.getByTestId('feedback-modal').waitFor({ state: 'hidden' });

    await adoptAsOperator(content);

    await page.goto(`${baseUrl}/voucher`);
    const gift = page
      .getByTestId('voucher-table-vouchers')
      .locator('tbody tr.ant-table-row', { hasText: '反馈采纳礼券' });
    await gift.waitFor({ state: 'visible' });
    expect(await gift.textContent()).toContain('¥5.00');
  });

  it('fits a phone screen, in English too', async () => {
    await session.close();
    session = await openBrowser({ viewport: PHONE });
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, 'en-US');
    await openInteractive(page, `${baseUrl}/businessImplementation`);
    await page.getByTestId('consult-form').waitFor({ state: 'visible' });
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.getByTestId('business-service-cloud').textContent()).toContain('Cloud computing (GPU/TPU)');
    await page.getByTestId('consult-submit').click();
    await page.getByTestId('consult-form').getByText('Please enter your name').waitFor({ state: 'visible' });
  });
});

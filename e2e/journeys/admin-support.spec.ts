import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail, registerOperator } from '../support/dev-api.js';
import { runningApplication, verifiedRenterWithBalance, verifyRealName } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  // Past the console's Content-Security-Policy, so that axe-core can check a list as an operator's work leaves it.
  session = await openBrowser({ bypassCSP: true });
});
afterEach(() => session.close());

/** Confirms the open reason dialog with a reason. */
async function confirmWithReason(page: Page, reason: string) {
  await page.getByTestId('reason-dialog-reason').fill(reason);
  await page.getByTestId('reason-dialog-ok').click();
}

/** The audit log, filtered by an action, holds a row with this reason by this operator. */
async function expectAudited(page: Page, action: string, reason: string, operatorEmail: string) {
  await page.getByTestId('admin-menu-auditLog').click();
  await page.getByTestId('audit-filter-action').fill(action);
  await page.getByTestId('audit-search').click();
  const row = page.locator('[data-testid="audit-table"] tbody tr', { hasText: reason });
  await row.waitFor({ state: 'visible', timeout: 20_000 });
  const text = await row.textContent();
  expect(text).toContain(action);
  expect(text).toContain(operatorEmail);
}

/** A complete image the creator saved from a running application, through the API as My applications would. */
async function savedImage(token: string, name: string) {
  const { id: applicationId } = await runningApplication(token, { appName: 'to-submit' });
  const saved = await callApi<{ id: string }>('POST', '/system/applicationUserImage', {
    token,
    body: { applicationId, name, remark: 'fine-tuned weights' },
  });
  expect(saved.code).toBe(200);
  // The snapshot job runs with the scheduler's next minute.
  await callApi('POST', '/dev/clock', { body: { advanceMinutes: 1 } });
  await expect
    .poll(
      async () =>
        (await callApi<{ id: string; state: string }[]>('GET', '/system/applicationUserImage/listByUSer', { token }))
          .data[0]?.state,
      { timeout: 30_000, interval: 250 },
    )
    .toBe('complete');
  return saved.data.id;
}

describe('the review desk', () => {
  it('rejects a community image with a note the creator reads, then publishes it into the community catalogue', async () => {
    const { page, baseUrl } = session;
    const creator = await verifiedRenterWithBalance();
    const operator = await registerOperator();
    const name = `community-${Date.now() % 1_000_000}`;
    const imageId = await savedImage(creator.token, name);

    // The creator submits it from My images.
    await openSignedIn(page, baseUrl, creator.token, '/myMirror');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`image-submit-${imageId}`).click();
    await expect.poll(() => page.getByTestId(`image-submit-${imageId}`).isDisabled()).toBe(true);

    // The operator finds it waiting and rejects it with a note.
    await openSignedIn(page, baseUrl, operator.token, '/admin/review/images');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('社区镜像审核');
    const waiting = page.locator('[data-testid="submissions-table"] tbody tr', { hasText: name });
    await waiting.waitFor({ state: 'visible' });
    await waiting.locator('[data-testid^="submission-reject-"]').click();
    // No reason, no rejection.
    await page.getByTestId('reason-dialog-ok').click();
    await page.getByTestId('reason-dialog').getByText('请填写本次运营操作的原因（1 到 200 个字）').waitFor();
    await confirmWithReason(page, 'please describe the weights');
    await page.locator('.ant-message', { hasText: `${name} 已驳回` }).waitFor();
    await waiting.waitFor({ state: 'detached' });
    await page.getByTestId('submission-state-rejected').click();
    await page
      .locator('[data-testid="submissions-table"] tbody tr', { hasText: name })
      .getByText('please describe the weights')
      .waitFor();

    // The creator reads the note beside the image and submits it again.
    await openSignedIn(page, baseUrl, creator.token, '/myMirror');
    await expect
      .poll(() => page.getByTestId(`image-review-note-${imageId}`).textContent())
      .toBe('说明：please describe the weights');
    await page.getByTestId(`image-submit-${imageId}`).click();
    await expect.poll(() => page.getByTestId(`image-submit-${imageId}`).isDisabled()).toBe(true);

    // The operator publishes it this time.
    await openSignedIn(page, baseUrl, operator.token, '/admin/review/images');
    const again = page.locator('[data-testid="submissions-table"] tbody tr', { hasText: name });
    await again.locator('[data-testid^="submission-publish-"]').click();
    await confirmWithReason(page, 'weights described now');
    // It leaves the waiting list: the toast that says so lasts three seconds, which a loaded box may not show in time.
    await again.waitFor({ state: 'detached' });
    await expectAudited(page, 'images.rejectSubmission', 'please describe the weights', operator.email);
    await expectAudited(page, 'images.publishSubmission', 'weights described now', operator.email);

    // Any user now finds it among the community images.
    const reader = await registerByEmail();
    await openSignedIn(page, baseUrl, reader.token, '/aigc');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('image-filter-kind-community').click();
    await page.locator('[data-testid^="image-card-"]', { hasText: name }).waitFor({ state: 'visible' });
  });
});

describe('the support desk', () => {
  it('adopts feedback once: its gift voucher arrives once, and a second adoption from a stale page is refused', async () => {
    const { page, baseUrl } = session;
    const user = await registerByEmail();
    const operator = await registerOperator();
    const content = `请在账单里显示每小时的单价 ${Date.now()}`;
    const sent = await callApi('POST', '/system/feedback/addInfo', { token: user.token, body: { content } });
    expect(sent.code).toBe(200);

    await openSignedIn(page, baseUrl, operator.token, '/admin/support/feedback');
    await dismissWelcomeDialogs(page);
    // A colleague's tab, opened on the same list before the adoption.
    const stale = await page.context().newPage();
    await stale.goto(`${baseUrl}/admin/support/feedback`);
    const staleRow = stale.locator('[data-testid="feedback-table"] tbody tr', { hasText: content });
    await staleRow.waitFor({ state: 'visible' });

    const row = page.locator('[data-testid="feedback-table"] tbody tr', { hasText: content });
    await row.locator('[data-testid^="feedback-adopt-"]').click();
    await confirmWithReason(page, 'billing detail requested by many');
    await page.locator('.ant-message', { hasText: '已采纳，礼券已发放给反馈者' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('feedback-state-adopted').click();
    await page.locator('[data-testid="feedback-table"] tbody tr', { hasText: content }).getByText('已采纳').waitFor();
    // The adopted row's state reads as clearly as the rest of the list.
    expect(await seriousViolations(page)).toEqual([]);

    // The stale tab's adoption is refused in words, and gives nothing.
    await staleRow.locator('[data-testid^="feedback-adopt-"]').click();
    await confirmWithReason(stale, 'adopting it again');
    await stale.locator('.ant-message', { hasText: '已被采纳，礼券已在当时发放' }).waitFor();
    await stale.close();
    await expectAudited(page, 'feedback.adopt', 'billing detail requested by many', operator.email);

    // The user finds one gift voucher, not two.
    await openSignedIn(page, baseUrl, user.token, '/voucher');
    await dismissWelcomeDialogs(page);
    const gifts = page
      .getByTestId('voucher-table-vouchers')
      .locator('tbody tr.ant-table-row', { hasText: '反馈采纳礼券' });
    await gifts.first().waitFor({ state: 'visible' });
    expect(await gifts.count()).toBe(1);
  });

  it('marks a consultation lead handled with a note of the contact, in the audit log', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const name = `张${Date.now() % 1_000_000}`;
    const consulted = await callApi('POST', '/auth/consult', {
      body: { name, company: '星河科技', position: '技术总监', phone: '13800138000', services: ['apiAccess'] },
    });
    expect(consulted.code).toBe(200);

    await openSignedIn(page, baseUrl, operator.token, '/admin/support/consultations');
    await dismissWelcomeDialogs(page);
    const row = page.locator('[data-testid="consultations-table"] tbody tr', { hasText: name });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('星河科技');
    await row.locator('[data-testid^="consultation-handle-"]').click();
    await confirmWithReason(page, 'called, demo booked for Monday');
    await page.locator('.ant-message', { hasText: '咨询已标记为已处理' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('consultation-state-handled').click();
    await page.locator('[data-testid="consultations-table"] tbody tr', { hasText: name }).getByText('已处理').waitFor();
    await expectAudited(page, 'feedback.handleConsultation', 'called, demo booked for Monday', operator.email);
  });
});

describe('the KOL and creator programme', () => {
  it('revokes a partner for abuse and restores them, each with a reason the audit log keeps', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const partner = await registerByEmail();
    await verifyRealName(partner.token);
    const joined = await callApi('POST', '/recharge/blogger/insertPersonWithdraw', {
      token: partner.token,
      body: { name: '王五', idNumber: '110101199001011234', alipayPhone: '13800138000', agreementAccepted: true },
    });
    expect(joined.code).toBe(200);
    const { userId } = (await callApi<{ userId: string }>('GET', '/auth/user/getUserInfo', { token: partner.token }))
      .data;
    const stranger = await registerByEmail();
    const strangerId = (await callApi<{ userId: string }>('GET', '/auth/user/getUserInfo', { token: stranger.token }))
      .data.userId;

    await openSignedIn(page, baseUrl, operator.token, '/admin/review/partners');
    await dismissWelcomeDialogs(page);
    // A user outside the programme is named under the field.
    await page.getByTestId('partner-user-id').fill(strangerId);
    await page.getByTestId('partner-reason').fill('spam invitations');
    await page.getByTestId('partner-restore').click();
    await page.getByTestId('partner-form').getByText('该用户不是合作伙伴').waitFor();

    await page.getByTestId('partner-user-id').fill(userId);
    await page.getByTestId('partner-revoke').click();
    await page.getByTestId('partner-revoke-ok').click();
    await page.locator('.ant-message', { hasText: `已撤销用户 ${userId} 的资格` }).waitFor();

    const statusOf = async () => {
      await openSignedIn(page, baseUrl, partner.token, '/reward');
      await dismissWelcomeDialogs(page);
      await page.getByTestId('partner-status').waitFor({ state: 'visible' });
      return page.getByTestId('partner-status').textContent();
    };
    expect(await statusOf()).toBe('资格已取消');

    await openSignedIn(page, baseUrl, operator.token, '/admin/review/partners');
    await page.getByTestId('partner-user-id').fill(userId);
    await page.getByTestId('partner-reason').fill('appeal accepted');
    await page.getByTestId('partner-restore').click();
    await page.locator('.ant-message', { hasText: `已恢复用户 ${userId} 的资格` }).waitFor();
    await expectAudited(page, 'partners.revoke', 'spam invitations', operator.email);
    await expectAudited(page, 'partners.restore', 'appeal accepted', operator.email);
    expect(await statusOf()).toBe('合作中');
  });
});

import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerOperator } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** The CSV the export button saves, as text. */
async function exported(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await download.path())!, 'utf8');
}

describe('the support desk', () => {
  it('follows a consultation lead to a customer with notes on its timeline, and exports the leads as CSV', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const name = `刘${Date.now() % 1_000_000}`;
    const consulted = await callApi('POST', '/auth/consult', {
      body: { name, company: '远山智算', position: '采购经理', phone: '13800138001', services: ['apiAccess'] },
    });
    expect(consulted.code).toBe(200);

    await openSignedIn(page, baseUrl, operator.token, '/admin/support/consultations');
    await dismissWelcomeDialogs(page);
    const row = () => page.locator('[data-testid="consultations-table"] tbody tr', { hasText: name });
    await row().locator('[data-testid^="consultation-handle-"]').click();
    await page.getByTestId('reason-dialog-reason').fill('called, sending a quote');
    await page.getByTestId('reason-dialog-ok').click();
    await row().waitFor({ state: 'detached' });

    await page.getByTestId('consultation-state-handled').click();
    await row().locator('[data-testid^="consultation-notes-"]').click();
    await page.getByTestId('consultation-note-input').fill('quote sent by e-mail');
    await page.getByTestId('consultation-note-add').click();
    const notes = page.getByTestId('consultation-note');
    await expect.poll(() => notes.count(), { timeout: 20_000 }).toBe(2);
    expect(await notes.first().textContent()).toContain('called, sending a quote');
    expect(await notes.last().textContent()).toContain('quote sent by e-mail');
    await page.locator('.ant-modal-wrap:has([data-testid="consultation-timeline"]) .ant-modal-close').click();

    await row().locator('[data-testid^="consultation-move-converted-"]').click();
    await page.getByTestId('reason-dialog-reason').fill('signed for 8 GPUs');
    await page.getByTestId('reason-dialog-ok').click();
    await row().waitFor({ state: 'detached' });
    await page.getByTestId('consultation-state-converted').click();
    await row().getByText('已转化').waitFor();

    const csv = await exported(page, 'consultations-export');
    const line = csv.split('\r\n').find((text) => text.includes(name));
    expect(line).toContain('远山智算');
    expect(line).toContain('已转化');
  });
});

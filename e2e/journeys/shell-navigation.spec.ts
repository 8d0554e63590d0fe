import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { openInteractive } from '../support/console.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('the console shell', () => {
  it('opens at / in Chinese and switches the menu to English, keeping the choice after a reload', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/`);
    const applicationCenter = page.getByTestId('menu-aigc');
    await expect.poll(() => applicationCenter.textContent()).toBe('应用中心');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('应用中心');

    await page.getByTestId('lang-option-en-US').click();
    await expect.poll(() => applicationCenter.textContent()).toBe('App center');
    await expect.poll(() => page.getByTestId('menu-myApp').textContent()).toBe('My apps');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Application center');

    await page.reload();
    await expect.poll(() => page.getByTestId('menu-aigc').textContent()).toBe('App center');
  });

  it('opens the login dialog over / when a login-required route is opened without a session', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/myApp`);
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(pathOf(page.url())).toBe('/');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('应用中心');
  });

  it('opens a route that needs no login without asking for one', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/model`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('模型中心');
    expect(await page.getByTestId('login-dialog').count()).toBe(0);
    expect(pathOf(page.url())).toBe('/model');
  });

  it('lands an unknown path on /', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/no/such/page`);
    await expect.poll(() => pathOf(page.url())).toBe('/');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('应用中心');
  });

  it('asks for login when a login-required menu entry is clicked, and stays on /', async () => {
    const { page, baseUrl } = session;
    await page.goto(`${baseUrl}/aigc`);
    await page.getByTestId('menu-myApp').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    await expect.poll(() => pathOf(page.url())).toBe('/');
  });
});

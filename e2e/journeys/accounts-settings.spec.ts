import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

// The smallest valid PNG: one transparent pixel.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('account settings', () => {
  it('renames the user, uploads an avatar through its signed link and keeps the profile after a reload', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/basicSet');
    await dismissWelcomeDialogs(page);

    await page.getByTestId('profile-nickname-input').fill('旅程用户');
    await page.getByTestId('profile-nickname-submit').click();
    await page.getByText('昵称已保存').waitFor({ state: 'visible' });

    await page.locator('[data-testid="profile-avatar"] input[type="file"]').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: PIXEL_PNG,
    });
    await page.getByText('头像已更新').waitFor({ state: 'visible' });
    const avatarSrc = await page.getByTestId('profile-avatar-image').locator('img').getAttribute('src');
    expect(avatarSrc).toContain('/api/objects/avatars/');
    const image = await page.request.get(new URL(avatarSrc!, baseUrl).toString());
    expect(image.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await image.body(), PIXEL_PNG)).toBe(0);

    await page.getByTestId('profile-education').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '硕士' }).click();
    await page.getByTestId('profile-info-submit').click();
    await page.getByText('个人资料已保存').waitFor({ state: 'visible' });

    await page.reload();
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('profile-education').textContent()).toContain('硕士');
    await expect.poll(() => page.getByTestId('profile-nickname-input').inputValue()).toBe('旅程用户');
  });

  it('refuses a text file named .png as an avatar and keeps the avatar it had', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/basicSet');
    await dismissWelcomeDialogs(page);

    await page.locator('[data-testid="profile-avatar"] input[type="file"]').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture at all\n'),
    });
    await page.getByText('文件内容不是所声明的图片类型').first().waitFor({ state: 'visible' });
    expect(await page.getByText('头像已更新').count()).toBe(0);
    expect(await page.getByTestId('profile-avatar-image').locator('img').count()).toBe(0);
  });

  it('changes the password with the current one, staying signed in, and the old one stops working', async () => {
    const { page, baseUrl } = session;
    const { email, password, token } = await registerByEmail('first-pass-1');
    await openSignedIn(page, baseUrl, token, '/userCenter');
    await dismissWelcomeDialogs(page);

    await page.getByTestId('security-action-password').click();
    await page.getByTestId('password-current').fill(password);
    await page.getByTestId('password-new').fill('second-pass-2');
    await page.getByTestId('password-confirm').fill('second-pass-2');
    await page.getByTestId('password-submit').click();

    const login = (attempt: string) =>
      callApi('POST', '/auth/loginByPassword', { body: { username: email, password: attempt } });
    await expect.poll(async () => (await login('second-pass-2')).code).toBe(200);
    expect((await login('first-pass-1')).code).toBe(422);
    await page.reload();
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });
});

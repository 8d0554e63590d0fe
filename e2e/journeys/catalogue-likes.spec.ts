import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openInteractive, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

async function imageNamed(prefix: string) {
  const images = await callApi<{ id: string; name: string; likeCount: number }[]>(
    'GET',
    '/system/applicationImage/listByUser',
  );
  return images.data.find((image) => image.name.startsWith(prefix))!;
}

const likeCount = async (page: Page, id: string) =>
  Number(await page.getByTestId(`image-like-count-${id}`).textContent());

describe('likes', () => {
  it('moves the count when a signed-in user likes an image, on the card and on its detail', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    const tensorflow = await imageNamed('TensorFlow');
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
    const like = page.getByTestId(`image-like-${tensorflow.id}`);
    await like.waitFor({ state: 'visible' });
    const before = await likeCount(page, tensorflow.id);
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    await like.click();
    await expect.poll(() => likeCount(page, tensorflow.id)).toBe(before + 1);
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    // The detail shows the same like, and taking it back there brings the count down again.
    await page.getByTestId(`image-name-${tensorflow.id}`).click();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(tensorflow.name);
    await expect.poll(() => likeCount(page, tensorflow.id)).toBe(before + 1);
    await page.getByTestId(`image-like-${tensorflow.id}`).click();
    await expect.poll(() => likeCount(page, tensorflow.id)).toBe(before);
    expect(await page.getByTestId(`image-like-${tensorflow.id}`).getAttribute('aria-pressed')).toBe('false');
  });

  it('asks a guest to log in first, and counts nothing', async () => {
    const { page, baseUrl } = session;
    const pytorch = await imageNamed('PyTorch');
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId(`image-like-${pytorch.id}`).click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect((await imageNamed('PyTorch')).likeCount).toBe(pytorch.likeCount);
  });
});

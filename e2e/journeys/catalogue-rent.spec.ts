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
  const images = await callApi<{ id: string; name: string }[]>('GET', '/system/applicationImage/listByUser');
  return images.data.find((image) => image.name.startsWith(prefix))!;
}

describe('renting an image', () => {
  it('asks a guest to log in, then goes on to create an application from it', async () => {
    const { page, baseUrl } = session;
    const { email, password } = await registerByEmail();
    const comfy = await imageNamed('ComfyUI');
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId(`image-rent-${comfy.id}`).click();

    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/aigc');
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();

    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/myApp?create=${comfy.id}`);
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
  });

  it('leaves a guest where they were when they close the login dialog', async () => {
    const { page, baseUrl } = session;
    const comfy = await imageNamed('ComfyUI');
    await openInteractive(page, `${baseUrl}/imageDetail?id=${comfy.id}`);
    await page.getByTestId(`image-rent-${comfy.id}`).click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    await page.locator('.ant-modal-wrap:has([data-testid="login-dialog"]) .ant-modal-close').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/imageDetail');
  });

  it('takes a signed-in user straight to the create flow from the detail page', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    const vllm = await imageNamed('vLLM');
    await openSignedIn(page, baseUrl, token, `/imageDetail?id=${vllm.id}`);
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`image-rent-${vllm.id}`).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?create=${vllm.id}`);
    expect(new URL(page.url()).pathname).toBe('/myApp');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, latestCode, uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** Registers a user by phone through the API and answers the phone and token. */
async function registerByPhone() {
  const { phone } = uniqueAccount();
  await callApi('POST', '/auth/msm/send', { body: { phone, type: '1' } });
  const registered = await callApi<{ access_token: string }>('POST', '/auth/user/registerClient', {
    body: { phonenumber: phone, password: 'journey-pass-1', verificationCode: await latestCode(phone) },
  });
  return { phone, token: registered.data.access_token };
}

describe('phone change', () => {
  it('asks for a code sent to the current phone as well as one sent to the new phone', async () => {
    const { page, baseUrl } = session;
    const { phone, token } = await registerByPhone();
    const next = uniqueAccount().phone;
    await openSignedIn(page, baseUrl, token, '/userCenter');
    await dismissWelcomeDialogs(page);

    await page.getByTestId('phone-old-send-code').click();
    await page.getByTestId('phone-old-code').fill(await latestCode(phone));
    await page.getByTestId('phone-new').fill(next);
    await page.getByTestId('phone-send-code').click();
    await expect.poll(() => latestCode(next).catch(() => null)).not.toBeNull();
    await page.getByTestId('phone-code').fill(await latestCode(next));
    await page.getByTestId('phone-submit').click();
    await page.getByText('手机号已更换').waitFor({ state: 'visible' });

    const me = await callApi<{ phone: string }>('GET', '/auth/user/getUserInfo', { token });
    expect(me.data.phone).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
  });
});

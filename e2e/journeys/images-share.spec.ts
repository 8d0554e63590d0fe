import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi } from '../support/dev-api.js';
import {
  applicationsOf,
  imageNamed,
  runningApplication,
  verifiedPhoneRenterWithBalance,
  verifiedRenterWithBalance,
} from '../support/renter.js';
import { journeyServer } from '../support/journey-server.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

interface ImageRow {
  id: string;
  state: string;
}

const imagesOf = async (token: string) =>
  (await callApi<ImageRow[]>('GET', '/system/applicationUserImage/listByUSer', { token })).data;

describe('my images', () => {
  it('saves an application as an image, shares it with a second user who creates an application from it, and cancels the share', async () => {
    const { page, baseUrl } = session;
    const owner = await verifiedRenterWithBalance();
    const receiver = await verifiedPhoneRenterWithBalance();
    const pytorch = await imageNamed('PyTorch');
    const { id: appId } = await runningApplication(owner.token, { appName: 'to-save' });
    // A file the owner's work left on the data disk (the local driver keeps it under DATA_DIR/apps/<id>/data).
    await writeFile(path.join(journeyServer().dataDir, 'apps', appId, 'data', 'trained-notes.txt'), 'epoch 3');

    // Saved from My applications, with a name and a remark.
    await openSignedIn(page, baseUrl, owner.token, '/myApp');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`app-save-image-${appId}`).click();
    await page.getByTestId('save-image-name').fill('');
    await page.getByTestId('save-image-ok').click();
    expect(await page.getByTestId('save-image-problem').textContent()).toBe('镜像名称为 1 到 32 个字符');
    await page.getByTestId('save-image-name').fill('journey-image');
    await page.getByTestId('save-image-remark').fill('trained weights');
    await page.getByTestId('save-image-ok').click();
    await page.getByTestId('save-image-done').waitFor({ state: 'visible' });
    const [saved] = await imagesOf(owner.token);
    expect(saved!.state).toBe('uploading');

    // The snapshot job runs with the scheduler's next minute; the list follows the upload to its end.
    await page.goto(`${baseUrl}/myMirror`);
    await page.getByTestId(`image-row-${saved!.id}`).waitFor({ state: 'visible' });
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 1 } });
    await expect
      .poll(() => page.getByTestId(`image-state-${saved!.id}`).getAttribute('data-state'), { timeout: 30_000 })
      .toBe('complete');
    await page.getByTestId('image-storage').waitFor({ state: 'visible' });

    // Shared by phone: an unknown phone is refused under the field, the receiver's is accepted.
    await page.getByTestId(`image-share-${saved!.id}`).click();
    await page.getByTestId('image-share-phone').fill('19900000000');
    await page.getByTestId('image-share-ok').click();
    expect(await page.getByTestId('image-share-problem').textContent()).toBe('手机号 19900000000 尚未注册，无法分享');
    await page.getByTestId('image-share-phone').fill(receiver.phone);
    await page.getByTestId('image-share-ok').click();
    await page.getByTestId('image-share-ok').waitFor({ state: 'hidden' });

    // The receiver finds it among their images and creates an application from it.
    await openSignedIn(page, baseUrl, receiver.token, '/myMirror');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`image-create-${saved!.id}`).click();
    await page.getByTestId('create-drawer').waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe(`?create=${pytorch.id}&userImage=${saved!.id}`);
    await page.locator('.ant-drawer tr[data-row-key="RTX 4090"]').click();
    await page.getByTestId('app-price-total').waitFor({ state: 'visible' });
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-submit').click();
    await page.getByTestId('create-done').waitFor({ state: 'visible' });
    await expect
      .poll(async () => (await applicationsOf(receiver.token))[0]?.status, { timeout: 30_000 })
      .toBe('running');
    // Its workspace's file browser shows the file saved with the image.
    const receiverApp = (await applicationsOf(receiver.token))[0]!.id;
    await page.getByTestId(`app-links-${receiverApp}`).click();
    const [workspace] = await Promise.all([
      session.context.waitForEvent('page'),
      page.getByTestId(`app-link-${receiverApp}-8888`).click(),
    ]);
    await workspace.getByText('trained-notes.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await workspace.close();

    // The owner cancels the share in its record; the receiver's application keeps running, a new one is refused.
    await openSignedIn(page, baseUrl, owner.token, '/myMirror');
    await page.getByTestId(`image-record-${saved!.id}`).click();
    const record = page.getByTestId('image-share-record');
    await record.waitFor({ state: 'visible' });
    // The record shows "no data" while its list loads: wait for the receiver's row, not for the first paint.
    await expect
      .poll(() => record.textContent())
      .toContain(`${receiver.phone.slice(0, 3)}****${receiver.phone.slice(-4)}`);
    await record.locator('[data-testid^="share-cancel-"]').click();
    await expect.poll(() => record.locator('[data-testid^="share-status-"]').textContent()).toBe('已取消分享');

    const refused = await callApi('POST', '/equipment/deviceServer/createApplication', {
      token: receiver.token,
      body: {
        imageId: pytorch.id,
        userImageId: saved!.id,
        gpuModel: 'RTX 4090',
        gpuCount: 1,
        billingMode: 'minute',
      },
    });
    expect(refused.code).toBe(403);
    expect((await applicationsOf(receiver.token))[0]?.status).toBe('running');
  });
});

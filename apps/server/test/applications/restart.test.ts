import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { act, computeEnv, createApplication, createRenter, imageIdOf, statusOf } from './application-helpers.js';

// One host with one GPU: whoever holds it decides whether a stopped application can come back there.
let t: TestApp;
beforeAll(async () => {
  const fleet = fleetWith([{ id: 'cn-east-1', hosts: [{ name: 'solo', gpuModel: 'RTX 4090', gpuCount: 1 }] }]);
  t = await buildTestApp({ ...computeEnv(), ...(await fleetFile(fleet)) });
  t.services.applications.reconcileOnChange();
});
afterAll(() => t.close());

describe('restarting a stopped application', () => {
  it('is refused while another application holds its host’s GPU, and works once it is free', async () => {
    const image = await imageIdOf(t, 'PyTorch 2.3 + JupyterLab');
    const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    const first = await createRenter(t);
    const { id } = (await createApplication(t, first.token, rent)).json().data;
    await t.services.applications.settled();
    await act(t, first.token, 'stop', id);
    await t.services.applications.settled();

    const second = await createRenter(t);
    const other = (await createApplication(t, second.token, rent)).json().data;
    expect(other.status).toBe('creating');
    const soldOut = await createApplication(t, first.token, rent);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      code: 409,
      msg: 'This GPU model for this image is sold out; choose another',
      data: { field: 'gpuModel' },
    });

    const refused = await t.request({
      method: 'POST',
      url: `/api/equipment/deviceServer/restartApplication/${id}`,
      token: first.token,
      locale: 'en-US',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(
      'Sorry, no idle GPU on the current server. Create a new application from the image or from My images',
    );
    expect(await statusOf(t, first.token, id)).toBe('stopped');

    await act(t, second.token, 'destruction', other.id);
    await t.services.applications.settled();
    expect((await act(t, first.token, 'restart', id)).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await statusOf(t, first.token, id)).toBe('running');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { act, createApplication, createRenter, startComputeApp, statusOf } from './application-helpers.js';

// The saved-record call family and the plain-text status check, with real workspaces.
let t: TestApp;
let image: string;
beforeAll(async () => ({ t, image } = await startComputeApp()));
afterAll(() => t.close());

async function stoppedRecord(token: string) {
  const rent = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
  const { id } = (await createApplication(t, token, rent)).json().data;
  await t.services.applications.settled();
  await act(t, token, 'stop', id);
  await t.services.applications.settled();
  return id as string;
}

const checkStatus = (token: string, body: string, contentType = 'text/plain') =>
  t.request({
    method: 'POST',
    url: '/api/equipment/deviceServer/checkApplicationStatus',
    token,
    payload: body,
    headers: { 'content-type': contentType },
  });

describe('a saved record', () => {
  it('is renamed, lists its links, restarts and is deleted through the record calls', async () => {
    const renter = await createRenter(t);
    const id = await stoppedRecord(renter.token);
    const record = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.request({
        method,
        url: `/api/equipment/recordApp/${path}`,
        token: renter.token,
        ...(payload ? { payload } : {}),
      });

    const renamed = await record('PUT', 'updateApplicationName', { recordId: id, appName: 'kept for later' });
    expect(renamed.json().data).toEqual({ id, appName: 'kept for later' });
    const links = (await record('GET', `recordApplicationLinks/${id}`)).json().data as { name: string }[];
    expect(links.map((link) => link.name)).toEqual(['JupyterLab', 'Terminal']);

    expect((await record('GET', `restartApplication/${id}`)).json().data.status).toBe('restarting');
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBe('running');
    await record('GET', `stopApplication/${id}`);
    await t.services.applications.settled();
    expect((await record('DELETE', `destructionApplication/${id}`)).statusCode).toBe(200);
    await t.services.applications.settled();
    expect(await statusOf(t, renter.token, id)).toBeUndefined();
  });

  it('of another user is 404 on every record call', async () => {
    const owner = await createRenter(t);
    const id = await stoppedRecord(owner.token);
    const stranger = await createRenter(t);
    const calls = [
      t.request({ method: 'GET', url: `/api/equipment/recordApp/recordApplicationLinks/${id}`, token: stranger.token }),
      t.request({ method: 'GET', url: `/api/equipment/recordApp/restartApplication/${id}`, token: stranger.token }),
      t.request({ method: 'GET', url: `/api/equipment/recordApp/stopApplication/${id}`, token: stranger.token }),
      t.request({
        method: 'DELETE',
        url: `/api/equipment/recordApp/destructionApplication/${id}`,
        token: stranger.token,
      }),
      t.request({
        method: 'PUT',
        url: '/api/equipment/recordApp/updateApplicationName',
        token: stranger.token,
        payload: { recordId: id, appName: 'mine' },
      }),
      checkStatus(stranger.token, id),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
    }
    expect(await statusOf(t, owner.token, id)).toBe('stopped');
  });
});

describe('checkApplicationStatus', () => {
  it('answers the status of the application whose id is the plain-text body, or a JSON one', async () => {
    const renter = await createRenter(t);
    const id = await stoppedRecord(renter.token);
    expect((await checkStatus(renter.token, `${id}\n`)).json().data).toEqual({
      id,
      status: 'stopped',
      statusReason: null,
    });
    expect((await checkStatus(renter.token, JSON.stringify({ id }), 'application/json')).json().data.status).toBe(
      'stopped',
    );
    const bad = await checkStatus(renter.token, 'not an id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('id');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { httpRealNameProvider } from '../../src/providers/real-name/http.js';
import { RealNameUnavailableError } from '../../src/providers/real-name/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { FAKE_APP_CODE, startFakeIdentityService } from './real-name-fake-service.js';
import { rewardGate, statusOf, verify } from './real-name-helpers.js';
import { validIdNumber, withWrongCheck } from './real-name-ids.js';

let t: TestApp;
let clock: AdjustableClock;
let service: Awaited<ReturnType<typeof startFakeIdentityService>>;
beforeAll(async () => {
  service = await startFakeIdentityService();
  t = await buildTestApp({ REAL_NAME: 'http', REAL_NAME_URL: service.url, REAL_NAME_APP_CODE: FAKE_APP_CODE });
  clock = t.clock as AdjustableClock;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const signedIn = () => createSignedInUser(t);
const attemptsLeft = async (token: string) => (await statusOf(t, token)).json().data.attemptsLeft as number;

describe('real-name verification through the HTTP adapter', () => {
  it('verifies a person the service knows, posting the form with the AppCode', async () => {
    service.state.behaviour = 'answer';
    const id = validIdNumber();
    service.state.people.set(id, '陈一');
    const user = await signedIn();
    const response = await verify(t, user.token, '陈一', id);
    expect(response.json()).toMatchObject({ code: 200, data: { status: '1', sandbox: false, realName: '陈*' } });
    expect(service.state.received.at(-1)).toEqual({
      authorization: `APPCODE ${FAKE_APP_CODE}`,
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
      form: { idCard: id, name: '陈一' },
    });
    expect(await rewardGate(t, user.token)).toBe('1');
  });

  it('counts a mismatch the service reports, and a number it rejects as invalid', async () => {
    service.state.behaviour = 'answer';
    const id = validIdNumber();
    service.state.people.set(id, '陈二');
    const user = await signedIn();
    expect((await verify(t, user.token, '陈三', id)).statusCode).toBe(422);
    service.state.behaviour = 'code400';
    expect((await verify(t, user.token, '陈二', id)).statusCode).toBe(422);
    expect(await attemptsLeft(user.token)).toBe(1);
  });

  it('does not count an attempt when the service is down, errs or answers nonsense', async () => {
    const user = await signedIn();
    for (const behaviour of ['status500', 'code500', 'notJson'] as const) {
      service.state.behaviour = behaviour;
      const response = await verify(t, user.token, '陈四', validIdNumber(), 'en-US');
      expect(response.statusCode, behaviour).toBe(503);
      expect(response.json().msg).toBe(
        'The identity verification service is temporarily unavailable, please try again later (this attempt was not counted)',
      );
    }
    expect(await attemptsLeft(user.token)).toBe(3);
    service.state.behaviour = 'answer';
  });

  it('does not pay for a call about a number whose check character is wrong', async () => {
    service.state.behaviour = 'answer';
    const user = await signedIn();
    const calls = service.state.received.length;
    expect((await verify(t, user.token, '陈五', withWrongCheck(validIdNumber()))).statusCode).toBe(422);
    expect(service.state.received.length).toBe(calls);
    expect(await attemptsLeft(user.token)).toBe(2);
  });

  it('gives up on a service that does not answer in time', async () => {
    service.state.behaviour = 'hang';
    try {
      const provider = httpRealNameProvider({ url: service.url, appCode: FAKE_APP_CODE, clock, timeoutMs: 200 });
      await expect(provider.verify({ realName: '陈六', idNumber: validIdNumber() })).rejects.toBeInstanceOf(
        RealNameUnavailableError,
      );
    } finally {
      service.state.behaviour = 'answer';
    }
  });
});

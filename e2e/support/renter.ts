import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { callApi, registerByEmail, registerByPhone, sandboxIdNumber } from './dev-api.js';

export interface ApplicationRow {
  id: string;
  appName: string;
  status: string;
  gpuModel: string;
  dataDiskGb: number;
  cost: string;
  billedMinutes: number;
  orderNo: string;
}

/**
 * An ID number no other account of this run has used: one number verifies one account. Journey files run in workers
 * of their own, so the number is drawn at random from about 13 million (a birth date from 1960 to 1999 and a
 * sequence), not counted per file.
 */
function freshIdNumber(): string {
  const pick = (count: number) => randomInt(count);
  const year = 1960 + pick(40);
  const month = String(1 + pick(12)).padStart(2, '0');
  const day = String(1 + pick(28)).padStart(2, '0');
  const sequence = String(pick(1_000)).padStart(3, '0');
  return sandboxIdNumber(`110101${year}${month}${day}${sequence}`);
}

/** The user with 100 yuan paid at the sandbox cashier and a verified real name, as renting requires (spec §5). */
async function readyToRent<User extends { token: string }>(user: User): Promise<User> {
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token: user.token,
    body: { amount: '100' },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  await verifyRealName(user.token);
  return user;
}

/** A new renter registered by e-mail. */
export const verifiedRenterWithBalance = async () => readyToRent(await registerByEmail());

/** A new renter registered by phone, for a journey that finds users by phone (an image share). */
export const verifiedPhoneRenterWithBalance = async () => readyToRent(await registerByPhone());

/**
 * Verifies the user's real name through the sandbox provider, as the real-name form would; returns the identity, which
 * a journey signing with it needs.
 */
export async function verifyRealName(token: string) {
  const identity = { realName: '王五', idCard: freshIdNumber() };
  const verified = await callApi(
    'POST',
    `/auth/realNameAuth2?realName=${encodeURIComponent(identity.realName)}&idCard=${identity.idCard}`,
    { token },
  );
  expect(verified.code).toBe(200);
  return identity;
}

export async function imageNamed(prefix: string) {
  const images = await callApi<{ id: string; name: string }[]>('GET', '/system/applicationImage/listByUser');
  return images.data.find((image) => image.name.startsWith(prefix))!;
}

/** The user's applications as /myApp lists them. */
export async function applicationsOf(token: string) {
  const list = await callApi<{ rows: ApplicationRow[] }>('GET', '/equipment/deviceServer/application', { token });
  return list.data.rows;
}

/** Rents a PyTorch application through the API as the console would, and waits until it runs. */
export async function runningApplication(token: string, body: Record<string, unknown> = {}) {
  const pytorch = await imageNamed('PyTorch');
  const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
    token,
    body: { imageId: pytorch.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute', ...body },
  });
  expect(created.code).toBe(200);
  const { id } = created.data;
  await expect
    .poll(async () => (await applicationsOf(token)).find((row) => row.id === id)?.status, {
      timeout: 30_000,
      interval: 250,
    })
    .toBe('running');
  const row = (await applicationsOf(token)).find((each) => each.id === id)!;
  return { id, appName: row.appName };
}

import { signRequest } from '@suanli/contract';
import { journeyServer } from './journey-server.js';

/**
 * The latest one-time code the outbox provider "sent" to a phone or e-mail (ARCHITECTURE §9). A journey asks right
 * after clicking "send", whose request may still be on its way under load, so it waits a little for the first code.
 */
export async function latestCode(to: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; ;) {
    const response = await fetch(`${journeyServer().baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { data: { code: string | null }[] };
    const code = body.data.find((message) => message.code)?.code;
    if (code) {
      return code;
    }
    if (Date.now() > deadline) {
      throw new Error(`no code was sent to ${to}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Moves the server's development clock into the next hour (ARCHITECTURE §9). Every journey comes from one address,
 * 127.0.0.1, and the per-address limits of ARCHITECTURE §10 (30 codes and 60 account lookups an hour) are sized for
 * a person, not for a whole suite; each journey starts with a person's hour of its own.
 */
export async function startFreshHour(): Promise<void> {
  const response = await callApi('POST', '/dev/clock', { body: { advanceMinutes: 60 } });
  if (response.code !== 200) {
    throw new Error(`the dev clock did not move: ${response.msg}`);
  }
}

let counter = 0;

/** A phone and an e-mail no other journey of this run uses. */
export function uniqueAccount() {
  counter += 1;
  // The counter keeps two accounts asked for within one millisecond apart.
  const stamp = `${(Date.now() % 10_000_000) * 10 + (counter % 10)}`.padStart(8, '0');
  return { phone: `139${stamp}`, email: `journey-${stamp}-${counter}@example.com` };
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** An ID number with a valid GB 11643 check digit, which the sandbox real-name provider accepts. */
export function sandboxIdNumber(body = '11010519900307123'): string {
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0);
  return `${body}${CHECK[sum % 11]}`;
}

/** Calls the API the way the console does (signed with the sn header), for journeys that set up state first. */
export async function callApi<T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${journeyServer().baseUrl}/api${path}`, {
    method,
    headers: {
      sn: signRequest(path.split('?')[0]!, Date.now()),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Registers a user by e-mail through the API and answers the token, as the login dialog would store it. */
export async function registerByEmail(password = 'journey-pass-1') {
  const { email } = uniqueAccount();
  await callApi('POST', '/auth/email/send', { body: { email, type: '1' } });
  const registered = await callApi<{ access_token: string }>('POST', '/auth/user/registerByEmail', {
    body: { mail: email, password, emailCode: await latestCode(email) },
  });
  return { email, password, token: registered.data.access_token };
}

/** Registers a user by phone through the API and answers the token. */
export async function registerByPhone(password = 'journey-pass-1') {
  const { phone } = uniqueAccount();
  await callApi('POST', '/auth/msm/send', { body: { phone, type: '1' } });
  const registered = await callApi<{ access_token: string }>('POST', '/auth/user/registerClient', {
    body: { phonenumber: phone, password, verificationCode: await latestCode(phone) },
  });
  return { phone, password, token: registered.data.access_token };
}

/** Renames the user behind a token, as basic settings would. */
export async function rename(token: string, nickName: string) {
  await callApi('PUT', `/auth/user/updateNickName?nickName=${encodeURIComponent(nickName)}`, { token });
}

/** A user granted every area of the operations console, as `npm run admin -- grant` would (the development tool). */
export async function registerOperator() {
  const operator = await registerByEmail();
  for (const area of ['fleet', 'finance', 'review', 'support', 'admin']) {
    await callApi('POST', '/dev/operators/areas', { body: { account: operator.email, area } });
  }
  return operator;
}

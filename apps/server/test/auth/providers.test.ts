import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { signGatewayRequest } from '../../src/providers/sms/gateway.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { accountFlows, uniqueEmail, uniqueIp, uniquePhone } from '../fixtures/auth-flows.js';

const APP_SECRET = 'gateway-secret';

/** A local fake of the SMS gateway: checks the signature like the real one and keeps what it accepted. */
function fakeGateway() {
  const received: { body: Record<string, unknown>; appKey: unknown; signatureValid: boolean }[] = [];
  let answer: object = { code: 0, message: 'OK' };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks).toString();
    const timestamp = String(request.headers['x-timestamp']);
    const signatureValid = request.headers['x-signature'] === signGatewayRequest(APP_SECRET, timestamp, raw);
    received.push({ body: JSON.parse(raw), appKey: request.headers['x-app-key'], signatureValid });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(signatureValid ? answer : { code: 'SIGNATURE_MISMATCH' }));
  });
  return { server, received, answerWith: (next: object) => (answer = next) };
}

/** A local SMTP server that keeps every message it is handed. */
function fakeSmtp() {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({
          from,
          to: session.envelope.rcptTo.map((to) => to.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  return { server, messages };
}

const gateway = fakeGateway();
const smtp = fakeSmtp();
let t: TestApp;
let flows: ReturnType<typeof accountFlows>;

beforeAll(async () => {
  gateway.server.listen(0, '127.0.0.1');
  await once(gateway.server, 'listening');
  const smtpListener = smtp.server.listen(0, '127.0.0.1');
  await once(smtpListener, 'listening');
  t = await buildTestApp({
    CAPTCHA: 'off',
    SMS: 'gateway',
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/sms/send`,
    SMS_GATEWAY_APP_KEY: 'gateway-key',
    SMS_GATEWAY_APP_SECRET: APP_SECRET,
    SMS_TEMPLATE_ID: 'SMS_CODE_01',
    MAIL: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${(smtpListener.address() as AddressInfo).port}`,
    MAIL_FROM: 'Suanli <no-reply@suanli.test>',
  });
  flows = accountFlows(t);
});
afterAll(async () => {
  await t.close();
  gateway.server.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe('the SMS gateway adapter', () => {
  it('posts the code in the template with a valid signature, and the code then registers the phone', async () => {
    const phone = uniquePhone();
    expect((await flows.sendCode(phone, '1', { ip: uniqueIp() })).statusCode).toBe(200);
    const request = gateway.received.at(-1)!;
    expect(request).toMatchObject({ appKey: 'gateway-key', signatureValid: true });
    expect(request.body).toEqual({
      phone,
      signName: '算力云',
      templateId: 'SMS_CODE_01',
      params: { code: expect.stringMatching(/^\d{6}$/) },
    });
    const code = (request.body.params as { code: string }).code;
    expect(await flows.outbox(phone)).toEqual([]);
    expect((await flows.registerByPhone(phone, code)).statusCode).toBe(200);
  });

  it('answers 503 when the gateway refuses, and the code it was given no longer works', async () => {
    gateway.answerWith({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: 'limited' });
    try {
      const phone = uniquePhone();
      const response = await flows.sendCode(phone, '1', { ip: uniqueIp(), locale: 'en-US' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ msg: 'Failed to send verification code, please try again later' });
      const code = (gateway.received.at(-1)!.body.params as { code: string }).code;
      expect((await flows.registerByPhone(phone, code)).statusCode).toBe(422);
    } finally {
      gateway.answerWith({ code: 0, message: 'OK' });
    }
  });
});

describe('the SMTP adapter', () => {
  it('mails the code from MAIL_FROM in the caller language, and the code then registers the address', async () => {
    const email = uniqueEmail();
    expect((await flows.sendCode(email, '1', { ip: uniqueIp(), locale: 'en-US' })).statusCode).toBe(200);
    const message = smtp.messages.at(-1)!;
    expect(message).toMatchObject({ from: 'no-reply@suanli.test', to: [email] });
    expect(message.raw).toContain('Subject: Your Suanli verification code');
    const code = /Your code for registering an account is (\d{6})/.exec(message.raw)![1]!;
    expect((await flows.registerByEmail(email, code)).statusCode).toBe(200);
  });
});

describe('the log', () => {
  /** The app with its log captured, to see what a code leaves behind there. */
  async function loggedApp(env: Record<string, string>) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const testDatabase = await createTestDatabase();
    const config = await testConfig({ CAPTCHA: 'off', ...env });
    const app = await buildApp({
      config,
      database: testDatabase.database,
      clock: new AdjustableClock(),
      logger: { level: 'info', stream },
    });
    await app.ready();
    const send = (phone: string) =>
      app.inject({ method: 'POST', url: '/api/auth/msm/send', payload: { phone, type: '1' } });
    const close = async () => {
      await app.close();
      await testDatabase.drop();
    };
    return { lines, send, close };
  }

  it('shows the code for the outbox provider only', async () => {
    const outbox = await loggedApp({ SN_CHECK: 'off' });
    const real = await loggedApp({
      SN_CHECK: 'off',
      SMS: 'gateway',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/sms/send`,
      SMS_GATEWAY_APP_KEY: 'gateway-key',
      SMS_GATEWAY_APP_SECRET: APP_SECRET,
      SMS_TEMPLATE_ID: 'SMS_CODE_01',
    });
    try {
      expect((await outbox.send(uniquePhone())).statusCode).toBe(200);
      expect(outbox.lines.join('')).toMatch(/"code":"\d{6}"/);
      expect((await real.send(uniquePhone())).statusCode).toBe(200);
      const code = (gateway.received.at(-1)!.body.params as { code: string }).code;
      expect(real.lines.join('')).not.toContain(`"${code}"`);
      expect(real.lines.join('')).not.toMatch(/"code":"\d{6}"/);
    } finally {
      await outbox.close();
      await real.close();
    }
  });
});

import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeRequest } from './fake-server.js';

export const WECHAT_PAY = {
  mchId: '1900000109',
  appId: 'wxfakepayapp00001',
  certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformSerial: 'PUB_KEY_ID_0114232134912410000000000001',
  apiV3Key: randomBytes(16).toString('hex'),
};

type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED';

interface FakeOrder {
  total: number;
  state: TradeState;
  transactionId: string | null;
  created: Record<string, unknown>;
}

const newKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64');
const nowSeconds = () => String(Math.floor(Date.now() / 1000));
const pem = (key: KeyObject) =>
  key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();

const AUTHORIZATION = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;

/** Why a request is not signed by our merchant, or null (WeChat Pay's "签名生成" rules). */
function distrust(request: FakeRequest, merchantKey: KeyObject): string | null {
  const match = AUTHORIZATION.exec(String(request.headers.authorization));
  if (!match) {
    return 'no WECHATPAY2-SHA256-RSA2048 authorization';
  }
  const fields = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
  if (fields.mchid !== WECHAT_PAY.mchId || fields.serial_no !== WECHAT_PAY.certSerial) {
    return 'wrong merchant or certificate serial';
  }
  if (Math.abs(Number(fields.timestamp) - Date.now() / 1000) > 300) {
    return 'timestamp expired';
  }
  const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  const valid = createVerify('RSA-SHA256')
    .update(message)
    .verify(merchantKey, fields.signature ?? '', 'base64');
  return valid ? null : 'signature does not match';
}

/**
 * A local stand-in for api.mch.weixin.qq.com (API v3, Native): it checks every request's signature with the merchant's
 * public key, signs every answer with its platform key, keeps the orders it was given, and writes the payment
 * notifications WeChat Pay would send, encrypted with the API v3 key.
 */
export async function startFakeWechatPay() {
  const merchant = newKeys();
  const platform = newKeys();
  const state = {
    orders: new Map<string, FakeOrder>(),
    requests: [] as { method: string; url: string; body: string; refused: string | null }[],
    closeCalls: [] as string[],
    down: false,
    /** Answers signed with another key, as a man in the middle would. */
    forgeAnswers: false,
  };

  const send = (response: ServerResponse, status: number, body?: object) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = nowSeconds();
    const nonce = randomUUID().replaceAll('-', '');
    const key = state.forgeAnswers ? newKeys().privateKey : platform.privateKey;
    response.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': WECHAT_PAY.platformSerial,
      'wechatpay-signature': sign(key, `${timestamp}\n${nonce}\n${text}\n`),
    });
    response.end(text);
  };
  const notFound = (response: ServerResponse) =>
    send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });

  const server = await startFakeServer((request, response) => {
    const refused = distrust(request, merchant.publicKey);
    state.requests.push({ method: request.method, url: request.url, body: request.body, refused });
    if (state.down) {
      return send(response, 502, { code: 'SYSTEM_ERROR', message: 'bad gateway' });
    }
    if (refused) {
      return send(response, 401, { code: 'SIGN_ERROR', message: refused });
    }
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v3/pay/transactions/native') {
      const body = JSON.parse(request.body) as { out_trade_no: string; amount: { total: number } };
      state.orders.set(body.out_trade_no, {
        total: body.amount.total,
        state: 'NOTPAY',
        transactionId: null,
        created: body,
      });
      return send(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
    }
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    const orderNo = decodeURIComponent(match?.[1] ?? '');
    const order = state.orders.get(orderNo);
    if (request.method === 'GET' && match && !match[2] && url.searchParams.get('mchid') === WECHAT_PAY.mchId) {
      return order ? send(response, 200, transaction(orderNo, order)) : notFound(response);
    }
    if (request.method === 'POST' && match?.[2]) {
      state.closeCalls.push(orderNo);
      if (!order) {
        return notFound(response);
      }
      if (order.state === 'SUCCESS') {
        return send(response, 400, { code: 'ORDERPAID', message: '订单已支付' });
      }
      order.state = 'CLOSED';
      return send(response, 204);
    }
    send(response, 404, { code: 'NOT_FOUND', message: 'no such API' });
  });

  function transaction(orderNo: string, order: FakeOrder, total = order.total) {
    return {
      appid: WECHAT_PAY.appId,
      mchid: WECHAT_PAY.mchId,
      out_trade_no: orderNo,
      trade_type: 'NATIVE',
      trade_state: order.state,
      trade_state_desc: order.state === 'SUCCESS' ? '支付成功' : '未支付',
      ...(order.transactionId
        ? { transaction_id: order.transactionId, success_time: new Date().toISOString(), bank_type: 'OTHERS' }
        : {}),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function encrypt(plain: string) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(WECHAT_PAY.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: 'transaction',
      nonce,
    };
  }

  return {
    ...server,
    state,
    /** The files and values the server is configured with, its merchant key and the platform's public key. */
    keys: { merchantPrivate: pem(merchant.privateKey), platformPublic: pem(platform.publicKey) },

    /** The payer pays: the order is SUCCESS at WeChat Pay, whether or not the notification ever arrives. */
    pay(orderNo: string) {
      const order = state.orders.get(orderNo)!;
      order.state = 'SUCCESS';
      order.transactionId = `4200001${randomBytes(10).toString('hex').slice(0, 21)}`;
    },

    /**
     * The notification WeChat Pay sends for a paid order, as request headers and raw body. The options forge it:
     * another signing key, an old timestamp, changes to the transaction before it is encrypted and signed.
     */
    notification(
      orderNo: string,
      options: { transaction?: Record<string, unknown>; signingKey?: KeyObject; ageSeconds?: number } = {},
    ) {
      const order = state.orders.get(orderNo)!;
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          ...encrypt(JSON.stringify({ ...transaction(orderNo, order), ...options.transaction })),
        },
      });
      const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
      const nonce = randomBytes(16).toString('hex');
      return {
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': WECHAT_PAY.platformSerial,
          'wechatpay-signature': sign(options.signingKey ?? platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
        },
        body,
      };
    },
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
export const otherKey = () => newKeys().privateKey;

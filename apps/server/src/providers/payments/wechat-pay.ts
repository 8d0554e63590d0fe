import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { money, type Money } from '@suanli/contract';
import { rfc3339China } from './china-time.js';
import { exchange, parseJson, type ProviderAnswer } from './exchange.js';
import {
  NotificationRefusedError,
  PaymentUnavailableError,
  type PaidNotice,
  type PaymentProvider,
  type ProviderTrade,
} from './types.js';

const PROVIDER = 'WeChat Pay';
const SCHEME = 'WECHATPAY2-SHA256-RSA2048';
// WeChat Pay refuses a request signed more than five minutes off its clock; its answers and notifications are held
// to the same, so that a captured one cannot be replayed later.
const WINDOW_SECONDS = 300;
// Units of 0.0001 yuan in one fen, WeChat Pay's unit.
const UNITS_PER_FEN = 100n;
const TAG_BYTES = 16;
// States in which the order can no longer be paid; REFUND is a payment the merchant has given back: nothing to credit.
const ENDED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR', 'REFUND']);

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  certSerial: string;
  privateKey: KeyObject;
  /** The 32-character API v3 key that encrypts each notification's resource. */
  apiV3Key: string;
  /** WeChat Pay's platform certificate or public key, and the serial (Wechatpay-Serial) it signs under. */
  platformKey: KeyObject;
  platformSerial: string;
  apiBase: string;
  notifyUrl: string;
}

export interface WechatPay extends PaymentProvider {
  /**
   * Checks a payment notification (its headers and its body exactly as received) and answers the payment it reports;
   * null for an authentic one that reports none. Throws NotificationRefusedError for anything not to be trusted.
   */
  verifyNotification(headers: IncomingHttpHeaders, rawBody: string): PaidNotice | null;
}

type Transaction = Record<string, unknown> & { amount?: { total?: unknown } };

const fenToMoney = (total: unknown): Money | null =>
  Number.isSafeInteger(total) && (total as number) > 0 ? money(BigInt(total as number) * UNITS_PER_FEN) : null;

/** What a transaction says of its order; null when it claims a payment it does not describe. */
function tradeOf(transaction: Transaction): ProviderTrade | null {
  const state = String(transaction.trade_state);
  if (state === 'SUCCESS') {
    const amount = fenToMoney(transaction.amount?.total);
    const tradeNo = transaction.transaction_id;
    return amount && typeof tradeNo === 'string' ? { state: 'paid', tradeNo, amount } : null;
  }
  return ENDED_STATES.has(state) ? { state: 'closed' } : { state: 'pending' };
}

const errorCode = (answer: ProviderAnswer) => {
  try {
    return String((JSON.parse(answer.text) as { code?: unknown }).code ?? `HTTP ${answer.status}`);
  } catch {
    return `HTTP ${answer.status}`;
  }
};

const refusal = (what: string, answer: ProviderAnswer) =>
  new PaymentUnavailableError(`${PROVIDER} refused the ${what}: ${errorCode(answer)}`);

/**
 * WeChat Pay API v3, Native (QR) payments, with node:crypto alone: every request is signed with the merchant key
 * (WECHATPAY2-SHA256-RSA2048), every answer and notification is checked against the platform key, and a
 * notification's resource is decrypted with the API v3 key (AEAD_AES_256_GCM).
 */
export function wechatPayProvider(options: WechatPayOptions): WechatPay {
  const base = options.apiBase.replace(/\/$/, '');
  const mchid = encodeURIComponent(options.mchId);

  /** Why a message signed by WeChat Pay cannot be trusted, or null when it can. */
  function distrust(header: (name: string) => string | undefined, body: string): string | null {
    const [serial, timestamp, nonce, signature] = ['serial', 'timestamp', 'nonce', 'signature'].map((name) =>
      header(`wechatpay-${name}`),
    );
    if (!serial || !timestamp || !nonce || !signature) {
      return 'unsigned';
    }
    if (serial !== options.platformSerial) {
      return `signed under unknown serial ${serial}`;
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > WINDOW_SECONDS) {
      return 'timestamp outside the five-minute window';
    }
    const valid = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(options.platformKey, signature, 'base64');
    return valid ? null : 'signature does not match';
  }

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<ProviderAnswer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`)
      .sign(options.privateKey, 'base64');
    const authorization =
      `${SCHEME} mchid="${options.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${options.certSerial}"`;
    const answer = await exchange(PROVIDER, `${base}${path}`, {
      method,
      headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: text } : {}),
    });
    if (answer.status >= 200 && answer.status < 300) {
      const doubt = distrust((name) => answer.headers.get(name) ?? undefined, answer.text);
      if (doubt) {
        throw new PaymentUnavailableError(`${PROVIDER} answer not trusted: ${doubt}`);
      }
    }
    return answer;
  }

  async function query(orderNo: string): Promise<ProviderTrade> {
    const answer = await call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${mchid}`);
    if (answer.status === 404 && errorCode(answer) === 'ORDER_NOT_EXIST') {
      return { state: 'closed' };
    }
    if (answer.status !== 200) {
      throw refusal('query', answer);
    }
    const transaction = parseJson(PROVIDER, answer.text) as Transaction;
    const ours =
      transaction.mchid === options.mchId &&
      transaction.appid === options.appId &&
      transaction.out_trade_no === orderNo;
    const trade = ours ? tradeOf(transaction) : null;
    if (!trade) {
      throw new PaymentUnavailableError(`${PROVIDER} answered a query with a transaction we cannot use`);
    }
    return trade;
  }

  function decrypt(rawBody: string): Transaction {
    let resource: Record<string, unknown>;
    try {
      resource = (JSON.parse(rawBody) as { resource: Record<string, unknown> }).resource;
    } catch (error) {
      throw new NotificationRefusedError('body is not JSON', { cause: error });
    }
    const { algorithm, ciphertext, nonce, associated_data: associatedData } = resource ?? {};
    if (algorithm !== 'AEAD_AES_256_GCM' || typeof ciphertext !== 'string' || typeof nonce !== 'string') {
      throw new NotificationRefusedError('no AEAD_AES_256_GCM resource');
    }
    const sealed = Buffer.from(ciphertext, 'base64');
    try {
      // The whole 16-byte tag, never a shorter one that a forger could more easily guess.
      const key = Buffer.from(options.apiV3Key, 'utf8');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(sealed.subarray(-TAG_BYTES));
      decipher.setAAD(Buffer.from(typeof associatedData === 'string' ? associatedData : ''));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, -TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as Transaction;
    } catch (error) {
      throw new NotificationRefusedError('resource does not decrypt with the API v3 key', { cause: error });
    }
  }

  return {
    sandbox: false,

    async create({ orderNo, amount, description, expiresAt }) {
      if (amount % UNITS_PER_FEN !== 0n) {
        throw new RangeError('WeChat Pay takes whole fen');
      }
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: options.appId,
        mchid: options.mchId,
        description,
        out_trade_no: orderNo,
        time_expire: rfc3339China(expiresAt),
        notify_url: options.notifyUrl,
        amount: { total: Number(amount / UNITS_PER_FEN), currency: 'CNY' },
      });
      if (answer.status !== 200) {
        throw refusal('order', answer);
      }
      const codeUrl = parseJson(PROVIDER, answer.text).code_url;
      if (typeof codeUrl !== 'string') {
        throw new PaymentUnavailableError(`${PROVIDER} answered an order without its code_url`);
      }
      return { codeUrl };
    },

    query: ({ orderNo }) => query(orderNo),

    async close({ orderNo }) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
      const answer = await call('POST', path, { mchid: options.mchId });
      if (answer.status === 204) {
        return { state: 'closed' };
      }
      // Refused, most often because the payer was quicker (ORDERPAID): the transaction says which.
      const trade = await query(orderNo);
      if (trade.state === 'pending') {
        throw refusal('close', answer);
      }
      return trade;
    },

    verifyNotification(headers, rawBody) {
      const header = (name: string) => [headers[name]].flat()[0];
      const doubt = distrust(header, rawBody);
      if (doubt) {
        throw new NotificationRefusedError(doubt);
      }
      const transaction = decrypt(rawBody);
      if (transaction.mchid !== options.mchId || transaction.appid !== options.appId) {
        throw new NotificationRefusedError(
          `for merchant ${String(transaction.mchid)} and app ${String(transaction.appid)}`,
        );
      }
      if (transaction.trade_state !== 'SUCCESS') {
        return null;
      }
      const trade = tradeOf(transaction);
      if (trade?.state !== 'paid' || typeof transaction.out_trade_no !== 'string') {
        throw new NotificationRefusedError('a payment without its order, trade number or amount');
      }
      return { orderNo: transaction.out_trade_no, tradeNo: trade.tradeNo, amount: trade.amount };
    },
  };
}

import { createDecipheriv, createHash, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { money, parseMoney, type Money } from '@suanli/contract';
import { rfc3339China } from './china-time.js';
import { exchange, parseJson, type ProviderAnswer } from './exchange.js';
import {
  NotificationRefusedError,
  PaymentUnavailableError,
  type PaidNotice,
  type PaymentProvider,
  type ClearedPayment,
  type ProviderTrade,
  type RefundOutcome,
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

// Refund answers that are final: the refund will not happen, whatever we send again.
const REFUSED_REFUND_STATES = new Set(['ABNORMAL', 'CLOSED']);
const REFUSED_REFUND_CODES = new Set([
  'INVALID_REQUEST',
  'PARAM_ERROR',
  'RESOURCE_NOT_EXISTS',
  'USER_ACCOUNT_ABNORMAL',
]);

/**
 * The payments of a trade bill (交易账单, bill_type SUCCESS): CSV whose every value starts with a backtick, a header
 * line, one line per payment, then the day's totals after a line starting 总交易单数.
 */
export function parseTradeBill(text: string): ClearedPayment[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const column = (name: string) => header.indexOf(name);
  const [tradeNo, orderNo, amount] = [column('微信订单号'), column('商户订单号'), column('订单金额')];
  if (tradeNo < 0 || orderNo < 0 || amount < 0) {
    throw new PaymentUnavailableError(`${PROVIDER} answered a trade bill we cannot read`);
  }
  const payments: ClearedPayment[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('总交易单数') || line.trim() === '') {
      break;
    }
    const cells = line.split(',').map((cell) => cell.replace(/^`/, ''));
    const paid = parseMoney(cells[amount] ?? '', 2);
    if (paid === null) {
      throw new PaymentUnavailableError(`${PROVIDER} trade bill has an amount we cannot read`);
    }
    payments.push({ orderNo: cells[orderNo]!, tradeNo: cells[tradeNo]!, amount: paid });
  }
  return payments;
}

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

  function authorization(method: 'GET' | 'POST', path: string, text: string) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`)
      .sign(options.privateKey, 'base64');
    return (
      `${SCHEME} mchid="${options.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${options.certSerial}"`
    );
  }

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<ProviderAnswer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const answer = await exchange(PROVIDER, `${base}${path}`, {
      method,
      headers: {
        authorization: authorization(method, path, text),
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
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

    async refund({ orderNo, refundNo, amount, total, reason }) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: orderNo,
        out_refund_no: refundNo,
        reason,
        amount: { refund: Number(amount / UNITS_PER_FEN), total: Number(total / UNITS_PER_FEN), currency: 'CNY' },
      });
      if (answer.status === 200) {
        const { refund_id: refundId, status } = parseJson(PROVIDER, answer.text);
        if (typeof refundId !== 'string') {
          throw new PaymentUnavailableError(`${PROVIDER} answered a refund without its refund_id`);
        }
        return REFUSED_REFUND_STATES.has(String(status))
          ? { state: 'refused', code: String(status) }
          : ({ state: 'succeeded', providerRefundNo: refundId } satisfies RefundOutcome);
      }
      const code = errorCode(answer);
      if (answer.status >= 400 && answer.status < 500 && REFUSED_REFUND_CODES.has(code)) {
        return { state: 'refused', code };
      }
      throw refusal('refund', answer);
    },

    async clearing({ day }) {
      const answer = await call('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=SUCCESS`);
      // No payment that day: WeChat Pay makes no bill.
      if (answer.status === 400 && errorCode(answer) === 'NO_STATEMENT_EXIST') {
        return [];
      }
      if (answer.status !== 200) {
        throw refusal('trade bill', answer);
      }
      const { download_url: url, hash_value: hash } = parseJson(PROVIDER, answer.text);
      if (typeof url !== 'string' || typeof hash !== 'string') {
        throw new PaymentUnavailableError(`${PROVIDER} answered a trade bill without its download_url`);
      }
      const address = new URL(url);
      // The file itself is not signed: its SHA1, from the signed answer above, vouches for it.
      const file = await exchange(PROVIDER, url, {
        headers: { authorization: authorization('GET', `${address.pathname}${address.search}`, '') },
      });
      if (file.status !== 200 || createHash('sha1').update(file.text, 'utf8').digest('hex') !== hash.toLowerCase()) {
        throw new PaymentUnavailableError(`${PROVIDER} trade bill download failed or does not match its hash`);
      }
      return parseTradeBill(file.text);
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

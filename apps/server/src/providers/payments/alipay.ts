import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { formatMoney, parseMoney } from '@suanli/contract';
import { alipayTime } from './china-time.js';
import { download, exchange, parseJson } from './exchange.js';
import {
  NotificationRefusedError,
  PaymentUnavailableError,
  type PaidNotice,
  type PaymentProvider,
  type ClearedPayment,
  type ProviderTrade,
  type WapPayment,
} from './types.js';
import { zipEntries } from './zip-entries.js';

const PROVIDER = 'Alipay';
const SUCCESS = '10000';
// What Alipay answers about a precreated QR that nobody has scanned: it makes the trade only at the scan.
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export interface AlipayOptions {
  appId: string;
  /** The application's private key, which signs our gateway requests (RSA2). */
  privateKey: KeyObject;
  /** Alipay's public key, which signs its answers and notifications. */
  alipayPublicKey: KeyObject;
  gateway: string;
  /** The seller (2088…) a notification must name, when set. */
  sellerId?: string | undefined;
  notifyUrl: string;
}

export interface Alipay extends PaymentProvider, WapPayment {
  /**
   * Checks an asynchronous notification (its form fields, decoded) and answers the payment it reports; null for an
   * authentic one that reports none (a trade closed unpaid). Throws NotificationRefusedError for anything else.
   */
  verifyNotification(fields: Record<string, string>): PaidNotice | null;
}

// Refund refusals that are final (a refund sent again would be refused again); others are asked again later.
const REFUSED_REFUNDS = new Set([
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR',
]);
// What alipay.data.dataservice.bill.downloadurl.query answers for a day without a bill (no trade that day).
const NO_BILL = 'isp.bill_not_exist';

/**
 * The payments of a trade bill's detail file (业务明细, GBK CSV): comment lines start with #, then a header, then one
 * line per trade or refund; only trades (业务类型 交易) are payments. Values may be padded with spaces or tabs.
 */
export function parseTradeBill(text: string): ClearedPayment[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split(',').map((cell) => cell.trim()));
  const header = rows[0] ?? [];
  const [tradeNo, orderNo, kind, amount] = ['支付宝交易号', '商户订单号', '业务类型', '订单金额（元）'].map((name) =>
    header.indexOf(name),
  ) as [number, number, number, number];
  if (Math.min(tradeNo, orderNo, kind, amount) < 0) {
    throw new PaymentUnavailableError(`${PROVIDER} answered a trade bill we cannot read`);
  }
  return rows
    .slice(1)
    .filter((cells) => cells[kind] === '交易')
    .map((cells) => {
      const paid = parseMoney(cells[amount] ?? '', 2);
      if (paid === null) {
        throw new PaymentUnavailableError(`${PROVIDER} trade bill has an amount we cannot read`);
      }
      return { orderNo: cells[orderNo]!, tradeNo: cells[tradeNo]!, amount: paid };
    });
}

/** The detail file of a bill archive: the one whose header names the trade number and the kind of each line. */
function detailOf(archive: Buffer): string {
  for (const file of zipEntries(archive).values()) {
    const text = new TextDecoder('gbk').decode(file);
    if (text.includes('支付宝交易号') && text.includes('业务类型')) {
      return text;
    }
  }
  throw new PaymentUnavailableError(`${PROVIDER} bill archive has no detail file`);
}

type GatewayAnswer = Record<string, unknown> & { code?: unknown; sub_code?: unknown };

/** The text Alipay signs: the fields but those left out, non-empty, sorted by name, as `a=1&b=2`, values raw. */
function signedText(fields: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(fields)
    .filter((name) => !leaveOut.includes(name) && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

/**
 * The exact characters of a member's object value in a gateway answer (`{"alipay_trade_query_response":{…},"sign":…}`):
 * the signature covers them as sent, which re-serializing the parsed object would not reproduce.
 */
function memberText(text: string, name: string): string | null {
  const found = new RegExp(`"${name}"\\s*:\\s*\\{`).exec(text);
  if (!found) {
    return null;
  }
  const start = found.index + found[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') {
        index += 1;
      } else if (character === '"') {
        inString = false;
      }
    } else if (character === '"') {
      inString = true;
    } else if (character === '{') {
      depth += 1;
    } else if (character === '}' && --depth === 0) {
      return text.slice(start, index + 1);
    }
  }
  return null;
}

/**
 * Alipay's open gateway, 当面付 QR payments (alipay.trade.precreate) and 手机网站支付 (alipay.trade.wap.pay), with
 * node:crypto alone: every request is signed with the application key (RSA2, SHA256withRSA over the sorted
 * parameters), every answer and notification is checked against Alipay's public key.
 */
export function alipayProvider(options: AlipayOptions): Alipay {
  const gateway = new URL(options.gateway);
  gateway.searchParams.set('charset', 'utf-8');

  const verify = (text: string, signature: string) =>
    createVerify('RSA-SHA256').update(text, 'utf8').verify(options.alipayPublicKey, signature, 'base64');

  /** A request's parameters with their signature, whether we post them or the payer's browser carries them. */
  function signed(method: string, biz: object, extra: Record<string, string>): Record<string, string> {
    const params: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(new Date()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    const sign = createSign('RSA-SHA256')
      .update(signedText(params, ['sign']), 'utf8')
      .sign(options.privateKey, 'base64');
    return { ...params, sign };
  }

  async function call(method: string, biz: object, extra: Record<string, string> = {}): Promise<GatewayAnswer> {
    const answer = await exchange(PROVIDER, gateway.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(signed(method, biz, extra)).toString(),
    });
    if (answer.status !== 200) {
      throw new PaymentUnavailableError(`${PROVIDER} answered HTTP ${answer.status}`);
    }
    const { sign: signature } = parseJson(PROVIDER, answer.text);
    const content = memberText(answer.text, `${method.replaceAll('.', '_')}_response`);
    if (!content || typeof signature !== 'string' || !verify(content, signature)) {
      throw new PaymentUnavailableError(`${PROVIDER} answer to ${method} not trusted or not understood`);
    }
    return JSON.parse(content) as GatewayAnswer;
  }

  const refusal = (what: string, answer: GatewayAnswer) =>
    new PaymentUnavailableError(`${PROVIDER} refused the ${what}: ${String(answer.sub_code ?? answer.code)}`);

  async function query(orderNo: string): Promise<ProviderTrade> {
    const answer = await call('alipay.trade.query', { out_trade_no: orderNo });
    if (answer.sub_code === TRADE_NOT_EXIST) {
      return { state: 'pending' };
    }
    if (answer.code !== SUCCESS || answer.out_trade_no !== orderNo) {
      throw refusal('query', answer);
    }
    const status = String(answer.trade_status);
    if (PAID_STATES.has(status)) {
      const amount = parseMoney(String(answer.total_amount), 2);
      if (amount === null || typeof answer.trade_no !== 'string') {
        throw new PaymentUnavailableError(`${PROVIDER} answered a paid trade without its amount or number`);
      }
      return { state: 'paid', tradeNo: answer.trade_no, amount };
    }
    return status === 'TRADE_CLOSED' ? { state: 'closed' } : { state: 'pending' };
  }

  return {
    sandbox: false,

    async create({ orderNo, amount, description, expiresAt }) {
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: orderNo,
          total_amount: formatMoney(amount),
          subject: description,
          time_expire: alipayTime(expiresAt),
        },
        { notify_url: options.notifyUrl },
      );
      if (answer.code !== SUCCESS || typeof answer.qr_code !== 'string') {
        throw refusal('order', answer);
      }
      return { codeUrl: answer.qr_code };
    },

    // The payer's browser GETs the gateway with the signed parameters; Alipay makes the trade when it is paid, so
    // until then it is queried and closed as an unscanned QR is.
    wapPay({ orderNo, amount, description, expiresAt, returnUrl }) {
      const payUrl = new URL(options.gateway);
      const params = signed(
        'alipay.trade.wap.pay',
        {
          out_trade_no: orderNo,
          total_amount: formatMoney(amount),
          subject: description,
          product_code: 'QUICK_WAP_WAY',
          time_expire: alipayTime(expiresAt),
          // Where Alipay's page leads a payer who gives up: the same page that shows how the order stands.
          quit_url: returnUrl,
        },
        { notify_url: options.notifyUrl, return_url: returnUrl },
      );
      for (const [name, value] of Object.entries(params)) {
        payUrl.searchParams.set(name, value);
      }
      return { payUrl: payUrl.href };
    },

    query: ({ orderNo }) => query(orderNo),

    async close({ orderNo }) {
      const answer = await call('alipay.trade.close', { out_trade_no: orderNo });
      // Not scanned by its expiry, a QR can no longer make a trade: that is closed. (Cancelled before its expiry,
      // it still could; such a late payment is credited and marked for review, as any payment after a close.)
      if (answer.code === SUCCESS || answer.sub_code === TRADE_NOT_EXIST) {
        return { state: 'closed' };
      }
      // Refused, most often because the payer was quicker (ACQ.TRADE_STATUS_ERROR): the trade says which.
      const trade = await query(orderNo);
      if (trade.state === 'pending') {
        throw refusal('close', answer);
      }
      return trade;
    },

    async refund({ orderNo, refundNo, amount, reason }) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: orderNo,
        refund_amount: formatMoney(amount),
        out_request_no: refundNo,
        refund_reason: reason,
      });
      // Asked again with the same out_request_no, Alipay answers the refund it made (fund_change N): the same refund.
      if (answer.code === SUCCESS && typeof answer.trade_no === 'string') {
        return { state: 'succeeded', providerRefundNo: `${answer.trade_no}:${refundNo}` };
      }
      const code = String(answer.sub_code ?? answer.code);
      if (REFUSED_REFUNDS.has(code)) {
        return { state: 'refused', code };
      }
      throw refusal('refund', answer);
    },

    async clearing({ day }) {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: day,
      });
      if (answer.sub_code === NO_BILL) {
        return [];
      }
      if (answer.code !== SUCCESS || typeof answer.bill_download_url !== 'string') {
        throw refusal('bill', answer);
      }
      let text: string;
      try {
        text = detailOf(await download(PROVIDER, answer.bill_download_url));
      } catch (error) {
        if (error instanceof PaymentUnavailableError) {
          throw error;
        }
        throw new PaymentUnavailableError(`${PROVIDER} bill archive cannot be read`, { cause: error });
      }
      return parseTradeBill(text);
    },

    verifyNotification(fields) {
      const { sign, sign_type: signType } = fields;
      // No time window here, unlike WeChat Pay: Alipay signs a notification once and redelivers it unchanged for a
      // day, and a replay of an authentic one is a duplicate that credits nothing.
      if (!sign || signType !== 'RSA2' || !verify(signedText(fields, ['sign', 'sign_type']), sign)) {
        throw new NotificationRefusedError('signature does not match');
      }
      if (fields.app_id !== options.appId || (options.sellerId && fields.seller_id !== options.sellerId)) {
        throw new NotificationRefusedError(`for app ${fields.app_id} and seller ${fields.seller_id}`);
      }
      if (!PAID_STATES.has(fields.trade_status ?? '')) {
        return null;
      }
      const amount = parseMoney(fields.total_amount ?? '', 2);
      if (amount === null || !fields.out_trade_no || !fields.trade_no) {
        throw new NotificationRefusedError('a payment without its order, trade number or amount');
      }
      return { orderNo: fields.out_trade_no, tradeNo: fields.trade_no, amount };
    },
  };
}

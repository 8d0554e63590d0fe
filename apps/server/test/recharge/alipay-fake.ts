import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startFakeServer } from './fake-server.js';

export const ALIPAY = { appId: '2021000000000001', sellerId: '2088000000000001' };

type TradeStatus = 'NOT_SCANNED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

interface FakeTrade {
  totalAmount: string;
  status: TradeStatus;
  tradeNo: string | null;
  biz: Record<string, unknown>;
  notifyUrl: string | undefined;
  returnUrl?: string | undefined;
}

const newKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
// Bare base64 DER, as Alipay's key tool writes keys.
const bare = (key: KeyObject) =>
  (key.type === 'private'
    ? key.export({ type: 'pkcs8', format: 'der' })
    : key.export({ type: 'spki', format: 'der' })
  ).toString('base64');

const signedText = (fields: Record<string, string>, leaveOut: string[]) =>
  Object.keys(fields)
    .filter((name) => !leaveOut.includes(name) && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');

const failure = (subCode: string, subMsg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
const NOT_EXIST = failure('ACQ.TRADE_NOT_EXIST', '交易不存在');

/**
 * A local stand-in for Alipay's open gateway (当面付 and 手机网站支付): it checks each request's RSA2 signature with the
 * application's public key, answers precreate, query and close as Alipay does (a QR nobody scanned is
 * ACQ.TRADE_NOT_EXIST), shows its payment page to a browser that GETs a signed alipay.trade.wap.pay, signs each answer
 * with its own key, and writes the asynchronous notifications Alipay would send.
 */
export async function startFakeAlipay() {
  const app = newKeys();
  const alipay = newKeys();
  const state = {
    trades: new Map<string, FakeTrade>(),
    requests: [] as { method: string; params: Record<string, string>; refused: boolean }[],
    closeCalls: [] as string[],
  };

  const answer = (response: ServerResponse, method: string, content: object) => {
    // Alipay's JSON escapes slashes: the signature covers the characters sent, not a re-serialization of them.
    const text = JSON.stringify(content).replaceAll('/', '\\/');
    response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    response.end(`{"${method.replaceAll('.', '_')}_response":${text},"sign":"${sign(alipay.privateKey, text)}"}`);
  };

  function handle(method: string, biz: Record<string, string>, params: Record<string, string>): object {
    const orderNo = biz.out_trade_no!;
    const trade = state.trades.get(orderNo);
    if (method === 'alipay.trade.precreate') {
      const tradeInfo = { totalAmount: biz.total_amount!, status: 'NOT_SCANNED' as const, tradeNo: null, biz };
      state.trades.set(orderNo, { ...tradeInfo, notifyUrl: params.notify_url });
      return { code: '10000', msg: 'Success', out_trade_no: orderNo, qr_code: `https://qr.alipay.com/bax0${orderNo}` };
    }
    if (method === 'alipay.trade.query') {
      if (!trade || trade.status === 'NOT_SCANNED') {
        return NOT_EXIST;
      }
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: orderNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        buyer_logon_id: 'buy***@example.com',
        ...(trade.tradeNo ? { trade_no: trade.tradeNo } : {}),
      };
    }
    if (method === 'alipay.trade.close') {
      state.closeCalls.push(orderNo);
      if (!trade || trade.status === 'NOT_SCANNED') {
        return NOT_EXIST;
      }
      if (trade.status === 'TRADE_SUCCESS') {
        return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      }
      trade.status = 'TRADE_CLOSED';
      return { code: '10000', msg: 'Success', out_trade_no: orderNo };
    }
    return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
  }

  // The payer's browser opens the payment page: Alipay makes no trade until it is paid, as with an unscanned QR.
  function wapPage(response: ServerResponse, biz: Record<string, string>, params: Record<string, string>) {
    const orderNo = biz.out_trade_no!;
    state.trades.set(orderNo, {
      totalAmount: biz.total_amount!,
      status: 'NOT_SCANNED',
      tradeNo: null,
      biz,
      notifyUrl: params.notify_url,
      returnUrl: params.return_url,
    });
    response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    response.end(`<!doctype html><title>支付宝</title><p>¥${biz.total_amount}</p>`);
  }

  const server = await startFakeServer((request, response) => {
    // Server calls post a form; a mobile-website payment is the browser's GET with the parameters in the address.
    const params = Object.fromEntries(
      request.method === 'GET' ? new URL(request.url, 'http://fake').searchParams : new URLSearchParams(request.body),
    );
    const method = params.method ?? 'unknown';
    const valid =
      params.app_id === ALIPAY.appId &&
      params.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256')
        .update(signedText(params, ['sign']), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64');
    state.requests.push({ method, params, refused: !valid });
    if (!valid) {
      return answer(response, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    if (request.method === 'GET' && method === 'alipay.trade.wap.pay') {
      return wapPage(response, biz, params);
    }
    answer(response, method, handle(method, biz, params));
  });

  return {
    ...server,
    gateway: `${server.url}/gateway.do`,
    state,
    keys: { appPrivate: bare(app.privateKey), alipayPublic: bare(alipay.publicKey) },

    /** The payer scans the QR: Alipay makes the trade, waiting for payment. */
    scan(orderNo: string) {
      state.trades.get(orderNo)!.status = 'WAIT_BUYER_PAY';
    },

    /** The payer pays, whether or not the notification ever arrives. */
    pay(orderNo: string) {
      const trade = state.trades.get(orderNo)!;
      trade.status = 'TRADE_SUCCESS';
      trade.tradeNo = `2026${randomBytes(12).toString('hex').slice(0, 24)}`;
    },

    /**
     * The form fields of the notification Alipay sends about an order, signed; `fields` change it before signing,
     * `signingKey` forges it.
     */
    notification(orderNo: string, fields: Record<string, string> = {}, signingKey: KeyObject = alipay.privateKey) {
      const trade = state.trades.get(orderNo)!;
      const unsigned: Record<string, string> = {
        gmt_create: '2026-03-01 12:00:00',
        charset: 'utf-8',
        subject: String(trade.biz.subject),
        buyer_id: '2088102122524333',
        invoice_amount: trade.totalAmount,
        notify_id: randomBytes(16).toString('hex'),
        notify_type: 'trade_status_sync',
        trade_status: trade.status,
        receipt_amount: trade.totalAmount,
        app_id: ALIPAY.appId,
        buyer_pay_amount: trade.totalAmount,
        seller_id: ALIPAY.sellerId,
        gmt_payment: '2026-03-01 12:00:05',
        notify_time: '2026-03-01 12:00:06',
        version: '1.0',
        out_trade_no: orderNo,
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo ?? '',
        auth_app_id: ALIPAY.appId,
        fund_bill_list: '[{"amount":"0.01","fundChannel":"ALIPAYACCOUNT"}]',
        ...fields,
      };
      return { ...unsigned, sign_type: 'RSA2', sign: sign(signingKey, signedText(unsigned, [])) };
    },
  };
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
export const otherAlipayKey = () => newKeys().privateKey;

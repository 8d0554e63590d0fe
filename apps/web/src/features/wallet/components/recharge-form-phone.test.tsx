import { IDEMPOTENCY_KEY_HEADER, recharge, wallet } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { inSequence, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RechargeForm } from './recharge-form';
import { RechargePanel } from './recharge-panel';

const api = await startFakeApi();
const ORDER_NO = 'R20260301120000123456';
const PAY_URL = `https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&out_trade_no=${ORDER_NO}`;
const QR_ORDER = {
  orderNo: ORDER_NO,
  codeUrl: 'https://qr.alipay.com/bax0',
  expireTime: '2026-03-01T12:05:00.000Z',
  expiresIn: 300,
  sandbox: false,
};
const original = window.location;
let visited: string[] = [];

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
  useInterfaceSettings.getState().setLanguage('zh-CN');
  api.on(recharge.createAlipayOrder, ok({ ...QR_ORDER, payUrl: PAY_URL }));
  api.on(recharge.createAlipayRecharge, ok(QR_ORDER));
  visited = [];
  // jsdom cannot leave the page: record where the console sends the browser instead.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...original, assign: (url: string) => visited.push(url) },
  });
});
afterEach(() => {
  window.innerWidth = 1280;
  Object.defineProperty(window, 'location', { configurable: true, value: original });
});

async function payByAlipay(amount: string) {
  renderWithProviders(<RechargeForm />);
  fireEvent.click(screen.getByTestId('recharge-preset-other'));
  fireEvent.change(await screen.findByTestId('recharge-other'), { target: { value: amount } });
  fireEvent.click(screen.getByText('支付宝'));
  fireEvent.click(screen.getByTestId('recharge-submit'));
}

describe('recharging by Alipay', () => {
  it('on a phone goes to Alipay’s page for the amount typed, with an Idempotency-Key, and shows no QR', async () => {
    window.innerWidth = 390;
    await payByAlipay('66');

    await waitFor(() => expect(visited).toEqual([PAY_URL]));
    const [call] = api.calls(recharge.createAlipayOrder);
    expect(call!.query.get('amount')).toBe('66');
    expect(call!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    expect(api.calls(recharge.createAlipayRecharge)).toHaveLength(0);
    expect(screen.queryByTestId('recharge-dialog')).toBeNull();
  });

  it('on a phone says why an amount cannot be paid, asking nothing of the server', async () => {
    window.innerWidth = 390;
    await payByAlipay('6000');

    await screen.findByText('请选择或输入正整数金额，单次充值不超过 5000 元');
    expect(api.calls(recharge.createAlipayOrder)).toHaveLength(0);
    expect(visited).toEqual([]);
  });

  it('on a laptop keeps the QR', async () => {
    await payByAlipay('66');

    await screen.findByTestId('recharge-qr');
    expect(api.calls(recharge.createAlipayRecharge).map((call) => call.json)).toEqual([{ amount: '66' }]);
    expect(api.calls(recharge.createAlipayOrder)).toHaveLength(0);
    expect(visited).toEqual([]);
  });
});

function renderReturn() {
  api.on(wallet.getBalance, ok({ balance: '166.00', voucher: '0.00' }));
  renderWithProviders(
    <MemoryRouter initialEntries={[`/voucherCenter?tab=recharge&orderNo=${ORDER_NO}`]}>
      <RechargePanel />
    </MemoryRouter>,
  );
}

describe('back from Alipay’s page', () => {
  for (const [language, waiting, paid, balance] of [
    ['zh-CN', '正在等待支付宝确认支付结果', '充值成功', '当前余额'],
    ['en-US', 'Waiting for Alipay to confirm the payment', 'Recharge successful', 'Balance now'],
  ] as const) {
    it(`waits for the order, then shows it paid with the new balance (${language})`, async () => {
      useInterfaceSettings.getState().setLanguage(language);
      api.on(recharge.getPaymentStatus, inSequence(ok({ status: 'pending' }), ok({ status: 'paid' })));
      renderReturn();

      expect((await screen.findByTestId('recharge-outcome-pending')).textContent).toContain(waiting);
      const done = await screen.findByTestId('recharge-outcome-paid', {}, { timeout: 10_000 });
      expect(done.textContent).toContain(paid);
      expect(done.textContent).toContain(balance);
      await waitFor(() => expect(screen.getByTestId('recharge-outcome-balance').textContent).toBe('¥166.00'));
      expect(api.calls(recharge.getPaymentStatus)[0]!.query.get('orderNo')).toBe(ORDER_NO);
    });
  }

  it('says an order closed unpaid is closed, and leads back to the form', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(recharge.getPaymentStatus, ok({ status: 'closed' }));
    renderReturn();

    expect((await screen.findByTestId('recharge-outcome-closed')).textContent).toContain(
      'The order was not paid and is closed',
    );
    fireEvent.click(screen.getByTestId('recharge-outcome-done'));
    await waitFor(() => expect(screen.queryByTestId('recharge-outcome')).toBeNull());
    expect(screen.getByTestId('recharge-form')).toBeTruthy();
  });
});

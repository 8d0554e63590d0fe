import { recharge, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { ok, startFakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { OrderTable } from './order-table';

type Row = EndpointData<typeof recharge.listOrders>['rows'][number];

const api = await startFakeApi();

function order(index: number, status: Row['status']): Row {
  return {
    orderNo: `R2025060100000000${String(index).padStart(4, '0')}`,
    kind: 'recharge',
    createTime: '2025-06-01T08:00:00Z',
    endTime: status === 'pendingPayment' ? null : '2025-06-01T08:01:00Z',
    productName: 'Account recharge (WeChat Pay)',
    channel: 'wechat',
    status,
    amount: '100.00',
    voucher: '0.00',
    vipDiscount: '0.00',
    actualPayment: status === 'paid' ? '100.00' : '0.00',
    bills: [],
    resume: null,
  };
}

const bankAccount = { accountName: '示例', bankName: 'Example Bank', accountNumber: '0000 0000' };

const bodies: unknown[] = [];
function serveOrders(rows: Row[]) {
  api.on(recharge.listOrders, (request: FakeRequest) => {
    bodies.push(request.json);
    const { status } = (request.json ?? {}) as { status?: string };
    const selected = rows.filter((row) => !status || row.status === status);
    return ok({ rows: selected, total: selected.length });
  });
}

const rowsShown = () => [...screen.getByTestId('order-table').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  bodies.length = 0;
  useInterfaceSettings.getState().setLanguage('en-US');
});

describe('the order list', () => {
  it('shows each order with its status in words and what was paid', async () => {
    serveOrders([order(1, 'paid'), order(2, 'invalid')]);
    renderWithProviders(<OrderTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(2));
    expect(rowsShown()[0]!.textContent).toContain('Paid');
    expect(rowsShown()[0]!.textContent).toContain('¥100.00');
    expect(rowsShown()[1]!.textContent).toContain('Invalid');
  });

  it('asks the server for one status when it is chosen, and says when nothing matches', async () => {
    serveOrders([order(1, 'paid')]);
    renderWithProviders(<OrderTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    fireEvent.mouseDown(within(screen.getByTestId('order-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Cancelled'));
    await screen.findByText('No orders match these filters');
    expect(bodies.at(-1)).toMatchObject({ status: 'cancelled' });
  });

  it('says there are no orders yet for a new user', async () => {
    serveOrders([]);
    renderWithProviders(<OrderTable />);
    await screen.findByText('No orders yet');
  });

  it('shows an application order with its bill lines, which add up to its amount', async () => {
    const application: Row = {
      ...order(3, 'pendingCompletion'),
      orderNo: 'A20250601000000000003',
      kind: 'application',
      channel: null,
      productName: 'GPU application Notebook (RTX 4090 × 1, Pay as you go)',
      amount: '12.34',
      voucher: '1.00',
      actualPayment: '11.34',
      bills: [
        { appId: '7', appName: 'Notebook', period: '2025-06-01', billAmount: '10.00', voucherPayment: '1.00' },
        { appId: '7', appName: 'Notebook', period: '2025-06-02', billAmount: '2.34', voucherPayment: '0.00' },
      ],
    };
    serveOrders([application]);
    renderWithProviders(<OrderTable />);
    await waitFor(() => expect(rowsShown()).toHaveLength(1));
    expect(screen.queryByTestId(`order-${application.orderNo}-cancel`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /expand/i }));
    const bills = await screen.findByTestId(`order-${application.orderNo}-bills`);
    expect(
      within(bills)
        .getAllByTestId('order-bill-amount')
        .map((cell) => cell.textContent),
    ).toEqual(['¥10.00', '¥2.34']);
    expect(bills.textContent).toContain('2025-06-02');
  });

  it('resumes a pending bank transfer with its remittance details, and cancels it after a confirmation', async () => {
    const pending: Row = {
      ...order(4, 'pendingPayment'),
      channel: 'bank',
      resume: { kind: 'bank', ...bankAccount, remark: order(4, 'pendingPayment').orderNo },
    };
    serveOrders([pending]);
    const cancelled: string[] = [];
    const path = `/recharge/payment/bank-orders/${pending.orderNo}/cancel`;
    api.on({ ...recharge.cancelBankRecharge, path }, (request: FakeRequest) => {
      cancelled.push(request.path);
      return ok({ status: 'closed' as const });
    });
    renderWithProviders(<OrderTable />);
    fireEvent.click(await screen.findByTestId(`order-${pending.orderNo}-resume`));
    const dialog = await screen.findByTestId('bank-transfer-dialog');
    expect(dialog.textContent).toContain('0000 0000');
    expect(dialog.textContent).toContain(pending.orderNo);
    fireEvent.click(screen.getByTestId('bank-transfer-done'));

    fireEvent.click(screen.getByTestId(`order-${pending.orderNo}-cancel`));
    expect(cancelled).toEqual([]);
    fireEvent.click(await screen.findByTestId(`order-${pending.orderNo}-cancel-ok`));
    await waitFor(() => expect(cancelled).toEqual([path]));
  });

  it('continues a pending mobile-website payment on its payment page again, not as a QR', async () => {
    const payUrl = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay';
    const pending: Row = {
      ...order(5, 'pendingPayment'),
      channel: 'alipay',
      resume: { kind: 'page', payUrl, expiresIn: 240, sandbox: false },
    };
    serveOrders([pending]);
    const original = window.location;
    const visited: string[] = [];
    // jsdom cannot leave the page: record where the console sends the browser instead.
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, assign: (url: string) => visited.push(url) },
    });
    try {
      renderWithProviders(<OrderTable />);
      fireEvent.click(await screen.findByTestId(`order-${pending.orderNo}-resume`));
      expect(visited).toEqual([payUrl]);
      expect(screen.queryByTestId('recharge-dialog')).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

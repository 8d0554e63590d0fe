import { vouchers, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { ok, startFakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { VoucherTabs } from './voucher-tabs';

type Row = EndpointData<typeof vouchers.listVouchers>['rows'][number];

const api = await startFakeApi();

function voucher(index: number, overrides: Partial<Row> = {}): Row {
  return {
    id: String(index),
    name: `Voucher ${index}`,
    kind: 'voucher',
    amount: '1500.00',
    balance: '12.50',
    status: 'normal',
    effectiveTime: '2025-06-01T08:00:00Z',
    expireTime: '2025-07-01T08:00:00Z',
    source: 'operator',
    ...overrides,
  };
}

/** Serves a list a page at a time, as the server pages it. */
const paging = (rows: Row[]) => (request: FakeRequest) => {
  const pageNum = Number(request.query.get('pageNum'));
  const pageSize = Number(request.query.get('pageSize'));
  return ok({ rows: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length });
};

function rowsShown(list: string): HTMLElement[] {
  return [...screen.getByTestId(`voucher-table-${list}`).querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});

describe('the voucher pages', () => {
  it('show the usable vouchers with their amounts, status and source, a page at a time from the server', async () => {
    api.on(vouchers.listVouchers, paging(Array.from({ length: 23 }, (_, index) => voucher(index + 1))));
    renderWithProviders(<VoucherTabs kind="vouchers" />);

    await waitFor(() => expect(rowsShown('vouchers')).toHaveLength(10));
    const first = rowsShown('vouchers')[0]!;
    expect(first.textContent).toContain('Voucher 1');
    expect(first.textContent).toContain('¥1,500.00');
    expect(first.textContent).toContain('¥12.50');
    expect(within(first).getByTestId('voucher-status').textContent).toBe('Normal');
    expect(first.textContent).toContain('Platform grant');

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(rowsShown('vouchers')).toHaveLength(3));
    expect(rowsShown('vouchers')[0]!.textContent).toContain('Voucher 21');
    expect(api.calls(vouchers.listVouchers).at(-1)?.query.get('pageNum')).toBe('3');
    expect(screen.getByText('23 in total')).toBeTruthy();
  });

  it('show the ended ones of both kinds under their tab, with kind and status in Chinese', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(vouchers.listCoupons, paging([]));
    api.on(
      vouchers.listEndedVouchers,
      paging([
        voucher(1, { kind: 'coupon', status: 'invalid', balance: '0.00', source: 'rechargeReturn' }),
        voucher(2, { status: 'abnormal' }),
      ]),
    );
    renderWithProviders(<VoucherTabs kind="coupons" />);
    await screen.findByText('暂无可用优惠券');

    fireEvent.click(screen.getByTestId('voucher-tab-ended'));
    await waitFor(() => expect(rowsShown('ended')).toHaveLength(2));
    const [coupon, abnormal] = rowsShown('ended');
    expect(coupon!.textContent).toContain('优惠券');
    expect(coupon!.textContent).toContain('充值返券');
    expect(within(coupon!).getByTestId('voucher-status').textContent).toBe('已失效');
    expect(within(abnormal!).getByTestId('voucher-status').textContent).toBe('异常');
    expect(api.calls(vouchers.listVouchers)).toHaveLength(0);
  });

  it('say when there is nothing to show', async () => {
    api.on(vouchers.listVouchers, paging([]));
    renderWithProviders(<VoucherTabs kind="vouchers" />);
    await screen.findByText('No usable vouchers');
  });
});

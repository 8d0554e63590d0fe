import { recharge } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RechargeForm } from './recharge-form';

const api = await startFakeApi();
const ORDER_NO = 'R20260301120000123456';

// The browser's clipboard, where a copy button writes.
const copied: string[] = [];
Object.defineProperty(navigator, 'clipboard', {
  configurable: true,
  value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
});

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  copied.length = 0;
  useSession.getState().setToken('token-1');
  api.on(
    recharge.createBankRecharge,
    ok({
      orderNo: ORDER_NO,
      amount: '200.00',
      accountName: 'Example Compute Co., Ltd.',
      bankName: 'Example Bank, Beijing Branch',
      accountNumber: '6222 0000 1111 2222',
      remark: ORDER_NO,
    }),
  );
});

async function payByBankTransfer(amountLabel: string, channelLabel: string) {
  renderWithProviders(<RechargeForm />);
  fireEvent.click(screen.getByTestId(`recharge-preset-${amountLabel}`));
  fireEvent.click(screen.getByText(channelLabel));
  fireEvent.click(screen.getByTestId('recharge-submit'));
  return screen.findByTestId('bank-transfer-dialog');
}

describe('recharging by bank transfer', () => {
  it('opens a bank order for the amount and shows the account, the amount and the remark to write', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    const dialog = await payByBankTransfer('200', 'Bank transfer');

    expect(api.calls(recharge.createBankRecharge).map((call) => call.query.get('amount'))).toEqual(['200']);
    expect(within(dialog).getByTestId('bank-account-name').textContent).toBe('Example Compute Co., Ltd.');
    expect(within(dialog).getByTestId('bank-name').textContent).toBe('Example Bank, Beijing Branch');
    expect(within(dialog).getByTestId('bank-account-number').textContent).toBe('6222 0000 1111 2222');
    expect(within(dialog).getByTestId('bank-amount').textContent).toContain('¥200.00');
    expect(within(dialog).getByTestId('bank-remark').textContent).toBe(ORDER_NO);
    expect(within(dialog).getByTestId('bank-transfer-arrival').textContent).toContain(
      'once our operator confirms the transfer has arrived',
    );
    // No QR and no countdown: nothing here waits for a payment.
    expect(screen.queryByTestId('recharge-qr')).toBeNull();
  });

  it('copies the remark and the account number as they must be typed', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    const dialog = await payByBankTransfer('200', 'Bank transfer');
    const copyOf = (testId: string) =>
      within(within(dialog).getByTestId(testId)).getByRole('button', { name: /copy/i });

    fireEvent.click(copyOf('bank-remark'));
    fireEvent.click(copyOf('bank-account-number'));
    await waitFor(() => expect(copied).toEqual([ORDER_NO, '6222 0000 1111 2222']));
  });

  it('speaks Chinese too, and closes when the payer has noted the details', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    const dialog = await payByBankTransfer('200', '对公转账');
    expect(within(dialog).getByText('转账备注')).toBeTruthy();
    expect(within(dialog).getByTestId('bank-transfer-arrival').textContent).toContain('经工作人员确认后');

    fireEvent.click(within(dialog).getByTestId('bank-transfer-done'));
    await waitFor(() => expect(screen.queryByTestId('bank-transfer-dialog')).toBeNull());
  });
});

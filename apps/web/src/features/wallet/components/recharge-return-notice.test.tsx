import { vouchers } from '@suanli/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RechargeReturnNotice } from './recharge-return-notice';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});

describe('the recharge-return notice', () => {
  it('shows each active tier with its amounts', async () => {
    api.on(
      vouchers.getRechargeReturn,
      ok({
        active: true,
        tiers: [
          { threshold: '100.00', voucherAmount: '5.00', validDays: 30 },
          { threshold: '500.00', voucherAmount: '30.00', validDays: 30 },
        ],
      }),
    );
    renderWithProviders(<RechargeReturnNotice />);
    const tiers = await screen.findAllByTestId('recharge-return-tier');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      'Recharge ¥100.00 or more and get a ¥5.00 voucher, valid 30 days',
      'Recharge ¥500.00 or more and get a ¥30.00 voucher, valid 30 days',
    ]);
  });

  it('shows nothing when no promotion is active', async () => {
    api.on(vouchers.getRechargeReturn, ok({ active: false, tiers: [] }));
    renderWithProviders(<RechargeReturnNotice />);
    await waitFor(() => expect(api.calls(vouchers.getRechargeReturn)).toHaveLength(1));
    expect(screen.queryByTestId('recharge-return')).toBeNull();
  });
});

import { recharge } from '@suanli/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RechargeForm } from './recharge-form';

const api = await startFakeApi();
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});

const presetsShown = () =>
  [...document.querySelectorAll('[data-testid^="recharge-preset-"]')].map((node) => node.getAttribute('data-testid'));

describe('the recharge form’s presets', () => {
  it('are the amounts the server offers (GET /recharge/charge/getInfo)', async () => {
    api.on(
      recharge.getRechargeInfo,
      ok({
        minAmount: '1.00',
        maxAmount: '5000.00',
        presets: ['30.00', '88.00'],
        channels: ['wechat', 'alipay', 'bank'],
        sandbox: true,
      }),
    );
    renderWithProviders(<RechargeForm />);
    await waitFor(() =>
      expect(presetsShown()).toEqual(['recharge-preset-30', 'recharge-preset-88', 'recharge-preset-other']),
    );
    expect(screen.getByTestId('recharge-preset-88').textContent).toBe('¥88');
  });

  it('are the contract’s own until the server answers, and when it cannot', async () => {
    renderWithProviders(<RechargeForm />);
    expect(presetsShown()).toContain('recharge-preset-2000');
    await waitFor(() => expect(api.calls(recharge.getRechargeInfo)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(presetsShown()).toContain('recharge-preset-2000');
  });
});

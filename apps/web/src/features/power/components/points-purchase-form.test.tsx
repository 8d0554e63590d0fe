import { IDEMPOTENCY_KEY_HEADER, power } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { PointsPurchaseForm } from './points-purchase-form';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().setToken('token-1');
});

function renderForm() {
  renderWithProviders(
    <MemoryRouter>
      <PointsPurchaseForm />
    </MemoryRouter>,
  );
}

function typeAmount(value: string) {
  fireEvent.change(screen.getByTestId('power-buy-amount'), { target: { value } });
}

/** The confirmation on screen; antd's closing motion never ends under jsdom, so the open one has no leave class. */
function shownConfirmation(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
    (dialog) => !dialog.className.includes('-leave'),
  );
}

async function submitAndConfirm() {
  fireEvent.click(screen.getByTestId('power-buy-submit'));
  await waitFor(() => expect(shownConfirmation()).toBeDefined());
  const dialog = shownConfirmation()!;
  const summary = within(dialog).getByTestId('power-buy-summary').textContent;
  fireEvent.click(within(dialog).getByTestId('power-buy-confirm-ok'));
  return summary;
}

describe('buying points with balance', () => {
  it('shows the points an amount buys as it is typed, confirms the cost, then buys once with a key', async () => {
    api.on(
      power.chargeHashrateByBalance,
      ok({
        orderNo: 'P20260501100000123456',
        amount: '25.00',
        points: 2_500,
        expireTime: '2026-06-01T02:00:00.000Z',
        balance: '75.00',
        pointsBalance: 2_500,
      }),
    );
    renderForm();

    typeAmount('25');
    await waitFor(() =>
      expect(screen.getByTestId('power-buy-preview').textContent).toBe('You get 2,500 points, valid 31 days'),
    );
    const summary = await submitAndConfirm();
    expect(summary).toContain('2,500');
    expect(summary).toContain('¥25.00');
    expect((await screen.findByTestId('power-buy-done')).textContent).toBe('Bought 2,500 points for ¥25.00.');

    const [call] = api.calls(power.chargeHashrateByBalance);
    expect(call?.query.get('amount')).toBe('25');
    expect(call?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an amount that is not a whole number of yuan up to 5000 before asking the server', async () => {
    renderForm();
    typeAmount('5001');
    fireEvent.click(screen.getByTestId('power-buy-submit'));
    await expectFieldError('power-buy-amount', 'Enter a whole amount from 1 to 5000 yuan');
    expect(api.calls(power.chargeHashrateByBalance)).toHaveLength(0);
  });

  it('says when the balance is short, with a link to recharge', async () => {
    api.on(power.chargeHashrateByBalance, fail(422, 'Insufficient balance', 'amount'));
    renderForm();

    typeAmount('100');
    await submitAndConfirm();

    const shortage = await screen.findByTestId('power-balance-short');
    expect(shortage.textContent).toContain('Insufficient balance');
    expect(within(shortage).getByTestId('power-recharge-link').getAttribute('href')).toBe(
      '/voucherCenter?tab=recharge',
    );
  });
});

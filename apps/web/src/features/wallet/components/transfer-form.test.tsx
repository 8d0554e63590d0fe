import { IDEMPOTENCY_KEY_HEADER, wallet } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError, expectMessage } from '@/test/expectations';
import { fail, inSequence, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { TransferForm } from './transfer-form';

const api = await startFakeApi();
const RECIPIENT = '13800138000';

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().setToken('token-1');
  api.on(wallet.getBalance, ok({ balance: '100.00', voucher: '0.00' }));
  api.on(wallet.findTransferTarget, ok({ nickName: '张*三' }));
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function renderForm() {
  renderWithProviders(<TransferForm />);
  // The balance the amount is checked against has arrived once the form says what is available.
  await screen.findByText('¥100.00');
}

async function findRecipient(username = RECIPIENT) {
  type('transfer-username', username);
  fireEvent.click(screen.getByTestId('transfer-find'));
  await screen.findByTestId('transfer-recipient');
}

/**
 * The confirmation on screen. antd's closing motion never ends under jsdom, so a closed dialog stays in the document
 * with its leave-motion class; the open one is the one without it.
 */
function shownConfirmations(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].filter(
    (dialog) => !dialog.className.includes('-leave'),
  );
}

async function submitAndConfirm() {
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(shownConfirmations()).toHaveLength(1));
  fireEvent.click(within(shownConfirmations()[0]!).getByTestId('transfer-confirm-ok'));
}

async function openConfirmation(amount: string) {
  await findRecipient();
  type('transfer-amount', amount);
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(shownConfirmations()).toHaveLength(1));
  return within(shownConfirmations()[0]!).getByTestId('transfer-summary');
}

describe('the recipient step', () => {
  it("asks for a phone or e-mail with the contract's messages before looking anyone up", async () => {
    await renderForm();

    fireEvent.click(screen.getByTestId('transfer-find'));
    await expectFieldError('transfer-username', 'Please enter a mainland China phone number or e-mail');
    type('transfer-username', 'not-an-account');
    fireEvent.click(screen.getByTestId('transfer-find'));
    await expectFieldError('transfer-username', 'Please enter correct phone number or e-mail address');

    expect(api.calls(wallet.findTransferTarget)).toHaveLength(0);
  });

  it('shows the masked nickname to check, and forgets it once the account is edited', async () => {
    await renderForm();

    await findRecipient(` ${RECIPIENT} `);

    expect(screen.getByTestId('transfer-recipient-name').textContent).toBe('张*三');
    expect(api.calls(wallet.findTransferTarget)[0]?.query.get('username')).toBe(RECIPIENT);
    type('transfer-username', `${RECIPIENT}1`);
    await waitFor(() => expect(screen.queryByTestId('transfer-recipient')).toBeNull());
  });

  it("shows the server's refusal under the account: nobody has it, or it is the user's own", async () => {
    api.on(
      wallet.findTransferTarget,
      inSequence(
        fail(404, 'No user has this phone number or e-mail address', 'username'),
        fail(422, 'You cannot transfer to yourself', 'username'),
      ),
    );
    await renderForm();

    type('transfer-username', RECIPIENT);
    fireEvent.click(screen.getByTestId('transfer-find'));
    await expectFieldError('transfer-username', 'No user has this phone number or e-mail address');
    fireEvent.click(screen.getByTestId('transfer-find'));
    await expectFieldError('transfer-username', 'You cannot transfer to yourself');

    expect(screen.queryByTestId('transfer-recipient')).toBeNull();
  });

  it('will not go on to the confirmation until the recipient has been found', async () => {
    await renderForm();

    type('transfer-username', RECIPIENT);
    type('transfer-amount', '10');
    fireEvent.click(screen.getByTestId('transfer-submit'));

    await expectFieldError('transfer-username', 'Find the recipient and check their name first');
    expect(screen.queryByTestId('transfer-summary')).toBeNull();
  });
});

describe('the amount', () => {
  it.each(['0', '0.001', '1000000', '12.345', 'abc', '-5'])(
    "refuses %s with the server's message for transfer amounts",
    async (amount) => {
      await renderForm();
      await findRecipient();

      type('transfer-amount', amount);
      fireEvent.click(screen.getByTestId('transfer-submit'));

      await expectFieldError(
        'transfer-amount',
        'The amount must be between 0.01 and 999,999.99 yuan with at most two decimals',
      );
      expect(screen.queryByTestId('transfer-summary')).toBeNull();
    },
  );

  it('asks for an amount, and refuses one above the balance shown as the server would', async () => {
    await renderForm();
    await findRecipient();

    fireEvent.click(screen.getByTestId('transfer-submit'));
    await expectFieldError('transfer-amount', 'Please enter the amount');
    type('transfer-amount', '100.01');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await expectFieldError('transfer-amount', 'Insufficient balance');

    expect(api.calls(wallet.transfer)).toHaveLength(0);
  });
});

describe('the confirmation', () => {
  it('names the recipient, the account and the amount, and sends nothing when cancelled', async () => {
    await renderForm();

    const summary = await openConfirmation('100');

    expect(summary.textContent).toContain('张*三');
    expect(summary.textContent).toContain(RECIPIENT);
    expect(within(summary).getByTestId('transfer-summary-amount').textContent).toBe('¥100.00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(shownConfirmations()).toHaveLength(0));
    expect(api.calls(wallet.transfer)).toHaveLength(0);
  });

  it('transfers once confirmed, with an idempotency key, and tells the new balance', async () => {
    api.on(wallet.transfer, ok({ orderNo: 'T20250601000000000001', balance: '87.50' }));
    await renderForm();

    await openConfirmation('12.5');
    fireEvent.click(screen.getByTestId('transfer-confirm-ok'));

    const done = await screen.findByTestId('transfer-done');
    expect(done.textContent).toBe('Transferred ¥12.50. Your balance is now ¥87.50.');
    const [request] = api.calls(wallet.transfer);
    expect(request?.json).toEqual({ username: RECIPIENT, amount: '12.50' });
    expect(request?.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByTestId('transfer-recipient')).toBeNull());
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's insufficient-balance refusal under the amount", async () => {
    api.on(wallet.transfer, fail(422, 'Insufficient balance', 'amount'));
    await renderForm();

    await openConfirmation('50');
    fireEvent.click(screen.getByTestId('transfer-confirm-ok'));

    await expectFieldError('transfer-amount', 'Insufficient balance');
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('says the transfer failed when the server does not say why, and retries under the same key', async () => {
    api.on(
      wallet.transfer,
      inSequence(fail(500, 'server error'), ok({ orderNo: 'T20250601000000000002', balance: '90.00' })),
    );
    await renderForm();

    await openConfirmation('10');
    fireEvent.click(screen.getByTestId('transfer-confirm-ok'));
    await expectMessage('Transfer failed, please try again');
    await submitAndConfirm();
    await screen.findByTestId('transfer-done');

    const keys = api.calls(wallet.transfer).map((request) => request.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives a new key to a transfer after a refusal, which the server would otherwise replay', async () => {
    api.on(wallet.transfer, fail(409, 'This request is still being processed'));
    await renderForm();

    await openConfirmation('10');
    fireEvent.click(screen.getByTestId('transfer-confirm-ok'));
    await expectMessage('This request is still being processed');
    api.on(wallet.transfer, fail(403, 'Access forbidden'));
    await submitAndConfirm();
    await expectMessage('Access forbidden');
    await submitAndConfirm();
    await waitFor(() => expect(api.calls(wallet.transfer)).toHaveLength(3));

    const [first, second, third] = api.calls(wallet.transfer).map((request) => request.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(second).toBe(first);
    expect(third).not.toBe(second);
  });
});

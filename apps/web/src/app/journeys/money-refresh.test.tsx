import { notices, users, wallet } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();
const RECIPIENT = '13800138000';
const VIP1 = vipInfo({ vipGrade: 1, growthValue: 1500, growthTarget: 3000, discountBasisPoints: 9_800 });

let balance = '100.00';

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  balance = '100.00';
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('en-US');
  useSession.getState().setToken('token-1');
  api.on(users.getUserInfo, ok(currentUser({ nickName: '算力小王', vip: VIP1 })));
  api.on(users.getVipInfo, ok(VIP1));
  api.on(notices.listInforms, ok({ rows: [], total: 0, unread: 0 }));
  api.on(notices.getNewNotice, ok(null));
  api.on(wallet.getBalance, () => ok({ balance, voucher: '0.00' }));
  api.on(wallet.findTransferTarget, ok({ nickName: '张*三' }));
  api.on(wallet.transfer, () => {
    balance = '80.00';
    return ok({ orderNo: 'T20260310120000123456', balance });
  });
});

/** The confirmation on screen: antd's closing motion never ends under jsdom, so closed ones linger. */
const shownConfirmation = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
    (dialog) => !dialog.className.includes('-leave'),
  );

async function transferTwenty() {
  fireEvent.click(await screen.findByTestId('wallet-tab-transfer'));
  fireEvent.change(await screen.findByTestId('transfer-username'), { target: { value: RECIPIENT } });
  fireEvent.click(screen.getByTestId('transfer-find'));
  await screen.findByTestId('transfer-recipient');
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '20' } });
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(shownConfirmation()).toBeDefined());
  fireEvent.click(within(shownConfirmation()!).getByTestId('transfer-confirm-ok'));
}

describe('money moved on a page', () => {
  it("refreshes the avatar dropdown's balance and the VIP figures at once, without reopening the dropdown", async () => {
    renderApp('/voucherCenter');
    fireEvent.mouseEnter(await screen.findByTestId('user-avatar'));
    const summary = await screen.findByTestId('user-summary');
    await waitFor(() => expect(within(summary).getByTestId('user-balance').textContent).toContain('¥100.00'));
    fireEvent.mouseLeave(screen.getByTestId('user-avatar'));
    const vipReads = api.calls(users.getVipInfo).length;

    await transferTwenty();

    // The dropdown is closed but still mounted: only the invalidation of the wallet root can make it ask again.
    await waitFor(() => expect(within(summary).getByTestId('user-balance').textContent).toContain('¥80.00'));
    expect(api.calls(wallet.transfer)).toHaveLength(1);
    await waitFor(() => expect(api.calls(users.getVipInfo).length).toBeGreaterThan(vipReads));
  });
});

import { applications, notices, users, wallet, type EndpointData } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '@/features/auth/api/get-user-info';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi, type FakeRequest } from '@/test/fake-api';
import { currentUser, vipInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const api = await startFakeApi();
const VIP1 = vipInfo({ vipGrade: 1, growthValue: 1500, growthTarget: 3000, discountBasisPoints: 9_800 });

type Inform = EndpointData<typeof notices.listInforms>['rows'][number];

function inform(id: string, read: boolean): Inform {
  return {
    informId: id,
    kind: 'system',
    title: `消息 ${id}`,
    content: `内容 ${id}`,
    read,
    createTime: '2025-06-01T08:00:00Z',
  };
}

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().clearSession();
  useInterfaceSettings.getState().setLanguage('zh-CN');
  useSession.getState().setToken('token-1');
  api.on(users.getUserInfo, ok(currentUser({ nickName: '算力小王', vip: VIP1 })));
  api.on(users.getVipInfo, ok(VIP1));
  api.on(notices.listInforms, ok({ rows: [], total: 0, unread: 0 }));
  api.on(notices.getNewNotice, ok(null));
  api.on(applications.getApplicationStatusSummary, ok({ total: 0, running: 0, uninstallingSoon: 0, expiringSoon: 0 }));
});

describe('the avatar dropdown', () => {
  it('shows nickname, VIP grade and growth, balance and vouchers from the wallet, and applications', async () => {
    api.on(wallet.getBalance, ok({ balance: '1234.50', voucher: '3.00' }));
    api.on(
      applications.getApplicationStatusSummary,
      ok({ total: 4, running: 1, uninstallingSoon: 0, expiringSoon: 0 }),
    );
    const { queryClient } = renderApp('/aigc');

    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.nickName).toBe('算力小王'),
    );
    fireEvent.mouseEnter(screen.getByTestId('user-avatar'));
    // The panel loads lazily on first hover: wait for its content, not only its frame, before reading it.
    await waitFor(() =>
      expect(within(screen.getByTestId('user-summary')).getByTestId('user-nickname').textContent).toBe('算力小王'),
    );
    const summary = screen.getByTestId('user-summary');

    expect(within(summary).getByTestId('user-vip-grade').textContent).toBe('VIP1');
    expect(within(summary).getByTestId('user-growth').textContent).toBe('1500 / 3000');
    await waitFor(() => expect(within(summary).getByTestId('user-balance').textContent).toContain('¥1,234.50'));
    expect(within(summary).getByTestId('user-vouchers').textContent).toContain('¥3.00');
    await waitFor(() => expect(within(summary).getByTestId('user-applications').textContent).toContain('4'));
    expect(screen.getByTestId('user-menu-user-center')).toBeVisible();
  });

  it('shows no balance until the wallet answers, never a made-up zero, and zero applications', async () => {
    let answer: (balance: string) => void = () => undefined;
    api.on(
      wallet.getBalance,
      () => new Promise((resolve) => (answer = (balance) => resolve(ok({ balance, voucher: '0.00' })))),
    );
    renderApp('/aigc');

    fireEvent.mouseEnter(await screen.findByTestId('user-avatar'));
    const summary = await screen.findByTestId('user-summary');
    await waitFor(() => expect(api.calls(wallet.getBalance)).toHaveLength(1));

    expect(within(summary).getByTestId('user-balance').textContent).not.toContain('¥');
    expect(within(summary).getByTestId('user-applications').textContent).toContain('0');
    answer('88.00');
    await waitFor(() => expect(within(summary).getByTestId('user-balance').textContent).toContain('¥88.00'));
    expect(within(summary).getByTestId('user-vouchers').textContent).toContain('¥0.00');
  });
});

describe('notices', () => {
  it('counts unread notices on the bell, marks one read and deletes one after confirmation', async () => {
    let rows = [inform('1', false), inform('2', false), inform('3', true)];
    const unread = () => rows.filter((row) => !row.read).length;
    api.on(notices.listInforms, () => ok({ rows, total: rows.length, unread: unread() }));
    api.on(notices.markInformsRead, (request: FakeRequest) => {
      const ids = (request.json as { informIds: string[] }).informIds;
      rows = rows.map((row) => (ids.includes(row.informId) ? { ...row, read: true } : row));
      return ok({ unread: unread() });
    });
    api.on(notices.deleteInforms, (request: FakeRequest) => {
      const ids = (request.json as { informIds: string[] }).informIds;
      rows = rows.filter((row) => !ids.includes(row.informId));
      return ok({ unread: unread() });
    });
    renderApp('/aigc');

    const badge = await screen.findByTestId('notice-unread-count');
    await waitFor(() => expect(badge.getAttribute('data-count')).toBe('2'));

    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('inform-read-1'));
    await waitFor(() => expect(badge.getAttribute('data-count')).toBe('1'));
    expect(api.calls(notices.markInformsRead)[0]?.json).toEqual({ informIds: ['1'] });
    await waitFor(() => expect(screen.queryByTestId('inform-read-1')).toBeNull());

    fireEvent.click(screen.getByTestId('inform-delete-3'));
    fireEvent.click(await screen.findByTestId('inform-delete-confirm-3'));
    await waitFor(() => expect(screen.queryByTestId('inform-3')).toBeNull());
    expect(api.calls(notices.deleteInforms)[0]?.json).toEqual({ informIds: ['3'] });
  });

  it('shows the newest platform notice once and records it as seen', async () => {
    api.on(
      notices.getNewNotice,
      ok({ noticeId: '7', title: '维护公告', content: '今晚维护', read: false, publishTime: '2025-06-01T08:00:00Z' }),
    );
    api.on(notices.markNoticeRead, ok(null));
    renderApp('/aigc');

    expect((await screen.findByTestId('new-notice')).textContent).toBe('今晚维护');
    fireEvent.click(screen.getByTestId('new-notice-ok'));

    await waitFor(() => expect(api.calls(notices.markNoticeRead)[0]?.json).toEqual({ noticeId: '7' }));
    expect(api.calls(notices.getNewNotice)).toHaveLength(1);
  });
});

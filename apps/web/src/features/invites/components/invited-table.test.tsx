import { invites } from '@suanli/contract';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { InvitedTable } from './invited-table';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});

const friend = {
  id: '7',
  nickName: 'Lin',
  registerTime: '2026-11-20T08:00:00.000Z',
  rewardTime: null,
  amount: '0.00',
  awaitingVerification: false,
};

describe('the invited list', () => {
  it('says no friend registered yet once the server says the list is empty', async () => {
    api.on(invites.getInvitationAward, ok({ rows: [], total: 0, totalAmount: '0.00' }));
    renderWithProviders(<InvitedTable />);
    expect(await screen.findByText('No friend has registered with your invitation yet')).toBeDefined();
  });

  it('shows each friend with their reward, and the totals', async () => {
    api.on(
      invites.getInvitationAward,
      ok({
        rows: [
          { ...friend, id: '8', nickName: 'Wu', rewardTime: '2026-11-21T08:00:00.000Z', amount: '15.00' },
          { ...friend, awaitingVerification: true },
        ],
        total: 2,
        totalAmount: '15.00',
      }),
    );
    renderWithProviders(<InvitedTable />);
    const rewarded = (await screen.findByText('Wu')).closest('tr')!;
    expect(within(rewarded).getByTestId('invited-amount').textContent).toBe('¥15.00');
    const waiting = screen.getByText('Lin').closest('tr')!;
    expect(within(waiting).getByText('Awaiting real-name verification')).toBeDefined();
    expect(screen.getByTestId('invited-total').textContent).toContain('15.00');
  });

  it('says the invitation data could not be had when the server fails', async () => {
    api.on(invites.getInvitationAward, fail(500, 'boom'));
    renderWithProviders(<InvitedTable />);
    expect(await screen.findByText('Failed to get invitation data')).toBeDefined();
  });
});

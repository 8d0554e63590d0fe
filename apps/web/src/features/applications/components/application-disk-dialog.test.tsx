import { applications } from '@suanli/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectMessage } from '@/test/expectations';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { applicationRow } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { ApplicationActions } from './application-actions';
import { largerExpansions } from './application-disk-dialog';

// Expanding a data disk from My applications: the price before confirming, then the outcome, in the user's language.
const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
});

function openDialog(dataDiskGb: number) {
  renderWithProviders(
    <MemoryRouter>
      <ApplicationActions
        row={applicationRow({ dataDiskGb })}
        destroying={false}
        onDestroyed={() => undefined}
        onRecreate={() => undefined}
      />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('app-expand-disk-7'));
}

async function choose(label: string) {
  fireEvent.mouseDown(within(await screen.findByTestId('app-disk-size')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

describe('the expansion choices', () => {
  it('are the sizes of 10 to 150 GB in steps of 10 larger than the current one', () => {
    expect(largerExpansions(0)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]);
    expect(largerExpansions(120)).toEqual([130, 140, 150]);
    expect(largerExpansions(150)).toEqual([]);
  });
});

describe('expanding the data disk', () => {
  it('shows the current size and the daily price before confirming, then says the new size', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    api.on(applications.expandDataDisk, ok({ id: '7', dataDiskGb: 60, dailyPrice: '0.42' }));
    openDialog(20);
    expect((await screen.findByTestId('app-disk-current')).textContent).toBe('50 GB free + 20 GB expansion');
    await choose('60 GB');
    expect(screen.getByTestId('app-disk-price').textContent).toBe(
      '¥0.28 a day for the added 40 GB (¥0.42 a day for the whole 60 GB expansion), billed daily at 0:00 for the ' +
        'size held then, whether or not it runs. Nothing is charged now: today is billed in full at the next 0:00.',
    );
    fireEvent.click(screen.getByTestId('app-disk-ok'));
    await expectMessage('The data disk of trainer is now 110 GB');
    const [call] = api.calls(applications.expandDataDisk);
    expect(call!.json).toEqual({ id: '7', dataDiskGb: 60 });
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says the price and a refusal in Chinese, with the way to recharge while arrears are owed', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    api.on(applications.expandDataDisk, fail(422, '该应用尚欠数据盘费用 ¥0.07，请先充值结清后再扩容', 'amount'));
    openDialog(0);
    expect((await screen.findByTestId('app-disk-price')).textContent).toContain('新增的 10 GB 每天 ¥0.07');
    fireEvent.click(screen.getByTestId('app-disk-ok'));
    const alert = await screen.findByTestId('app-refusal');
    expect(alert.textContent).toContain('该应用尚欠数据盘费用 ¥0.07');
    await waitFor(() => expect(screen.getByTestId('app-refusal-recharge')).toBeTruthy());
  });

  it('is not offered once the expansion is at its 150 GB maximum', () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    renderWithProviders(
      <MemoryRouter>
        <ApplicationActions
          row={applicationRow({ dataDiskGb: 150 })}
          destroying={false}
          onDestroyed={() => undefined}
          onRecreate={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('app-expand-disk-7').hasAttribute('disabled')).toBe(true);
  });
});

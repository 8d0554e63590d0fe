import { inventory, pricing } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import type { ApplicationRow } from '../api/list-applications';
import { initialChoice, type CreateChoice } from '../create-choice';
import { ApplicationRenewDialog } from './application-renew-dialog';
import { CreateDiskStep } from './create-disk-step';
import { CreateGpuStep } from './create-gpu-step';

// Counts, durations and disk sizes typed out of range keep what was typed and say their limits: antd's InputNumber
// would clamp them on blur, and the user would rent or pay for a number they never typed.
const api = await startFakeApi();
const QUOTE = {
  gpuModel: 'RTX 4090',
  billingMode: 'day' as const,
  duration: 1,
  gpuCount: 1,
  unitPrice: '50.00',
  originalPrice: '50.00',
  durationDiscountBasisPoints: 10_000,
  vipGrade: 0,
  vipDiscountBasisPoints: 10_000,
  education: false,
  price: '50.00',
};

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
  api.on(inventory.listGpuRegions, ok([]));
  api.on(
    inventory.availableGpuConfig,
    ok([{ gpuModel: 'RTX 4090', memoryGb: 24, freeCount: 3, pricePerHour: '2.50', soldOut: false }]),
  );
  api.on(pricing.getGpuPrice, ok(QUOTE));
});

/** What the steps hold now, as the drawer would send and quote it. */
const held = () => JSON.parse(screen.getByTestId('held-choice').textContent!) as CreateChoice;

function Steps({ start }: { start: Partial<CreateChoice> }) {
  const [choice, setChoice] = useState<CreateChoice>({ ...initialChoice('7'), gpuModel: 'RTX 4090', ...start });
  const change = (next: Partial<CreateChoice>) => setChoice((current) => ({ ...current, ...next }));
  return (
    <>
      <CreateGpuStep choice={choice} onChange={change} />
      <CreateDiskStep choice={choice} onChange={change} />
      <output data-testid="held-choice">{JSON.stringify(choice)}</output>
    </>
  );
}

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

describe('the create flow’s numbers', () => {
  it('keeps a GPU count above what is free and says the limit, in Chinese and English', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    renderWithProviders(<Steps start={{}} />);
    await screen.findByText('3');
    const input = type('create-gpu-count', '5');

    expect((await screen.findByTestId('create-gpu-count-error')).textContent).toBe('GPU 数量须为 1 到 3 之间的整数');
    expect(input.value).toBe('5');
    expect(held().gpuCount).toBe(5);
    useInterfaceSettings.getState().setLanguage('en-US');
    await waitFor(() =>
      expect(screen.getByTestId('create-gpu-count-error').textContent).toBe(
        'GPU count must be a whole number from 1 to 3',
      ),
    );
  });

  it('keeps a fractional or zero count as typed, with the limit', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    renderWithProviders(<Steps start={{}} />);
    for (const typed of ['0', '1.5']) {
      expect(type('create-gpu-count', typed).value).toBe(typed);
      await screen.findByTestId('create-gpu-count-error');
    }
    type('create-gpu-count', '2');
    await waitFor(() => expect(screen.queryByTestId('create-gpu-count-error')).toBeNull());
  });

  it('keeps a prepaid duration above 36 and says the limit', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    renderWithProviders(<Steps start={{ billingMode: 'month' }} />);
    expect(type('create-duration', '40').value).toBe('40');
    expect((await screen.findByTestId('create-duration-error')).textContent).toBe('时长须为 1 到 36 之间的整数');
    expect(held().duration).toBe(40);
  });

  it('keeps a data disk expansion above 150 GB and says the limit', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    renderWithProviders(<Steps start={{}} />);
    expect(type('create-disk', '200').value).toBe('200');
    await screen.findByTestId('create-disk-error');
    expect(held().dataDiskGb).toBe(200);
  });
});

describe('the renewal’s duration', () => {
  const row = {
    id: '41',
    appName: 'trainer',
    gpuModel: 'RTX 4090',
    gpuCount: 1,
    billingMode: 'day',
    expireTime: '2026-03-02T00:00:00.000Z',
  } as ApplicationRow;

  it('keeps a duration above 36, says the limit and cannot be paid', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    renderWithProviders(<ApplicationRenewDialog row={row} onClose={() => undefined} />);
    expect(type('app-renew-duration', '50').value).toBe('50');

    expect((await screen.findByTestId('app-renew-duration-error')).textContent).toBe(
      'Duration must be a whole number from 1 to 36',
    );
    expect(screen.getByTestId('app-renew-ok').hasAttribute('disabled')).toBe(true);
  });
});

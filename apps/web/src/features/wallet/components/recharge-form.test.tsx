import { IDEMPOTENCY_KEY_HEADER, recharge } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { expectFieldError } from '@/test/expectations';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RechargeForm } from './recharge-form';

const api = await startFakeApi();
const ORDER = {
  orderNo: 'R20260301120000123456',
  codeUrl: '/payments/sandbox/cashier?orderNo=R20260301120000123456',
  expireTime: '2026-03-01T12:05:00.000Z',
  expiresIn: 300,
  sandbox: true,
};
const MESSAGES = {
  'zh-CN': '请选择或输入正整数金额，单次充值不超过 5000 元',
  'en-US': 'Select or enter a positive whole amount; a single recharge is at most 5000 yuan',
} as const;

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
  api.on(recharge.createWechatRecharge, ok(ORDER));
});

async function typeOther(value: string) {
  renderWithProviders(<RechargeForm />);
  fireEvent.click(screen.getByTestId('recharge-preset-other'));
  const input = await screen.findByTestId('recharge-other');
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input as HTMLInputElement;
}

describe('a recharge amount of one’s own', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    for (const typed of ['-5', '0', '2.5', '6000']) {
      it(`keeps ${typed} as typed and says why it cannot be paid (${language})`, async () => {
        useInterfaceSettings.getState().setLanguage(language);
        const input = await typeOther(typed);
        fireEvent.click(screen.getByTestId('recharge-submit'));

        await expectFieldError('recharge-other', MESSAGES[language]);
        expect(input.value).toBe(typed);
        expect(api.calls(recharge.createWechatRecharge)).toHaveLength(0);
      });
    }
  }

  it('charges exactly the amount typed', async () => {
    useInterfaceSettings.getState().setLanguage('en-US');
    await typeOther('1234');
    fireEvent.click(screen.getByTestId('recharge-submit'));

    await screen.findByTestId('recharge-dialog');
    expect(api.calls(recharge.createWechatRecharge).map((call) => call.json)).toEqual([{ amount: '1234' }]);
  });
});

describe('"立即充值" pressed twice', () => {
  it('asks for one order: every request of the intent carries the same Idempotency-Key', async () => {
    useInterfaceSettings.getState().setLanguage('zh-CN');
    let answer: (reply: ReturnType<typeof ok<typeof ORDER>>) => void = () => undefined;
    api.on(recharge.createWechatRecharge, () => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<RechargeForm />);
    const submit = screen.getByTestId('recharge-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);

    await waitFor(() => expect(api.calls(recharge.createWechatRecharge).length).toBeGreaterThan(0));
    answer(ok(ORDER));
    await screen.findByTestId('recharge-dialog');
    const keys = api.calls(recharge.createWechatRecharge).map((call) => call.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(screen.getAllByTestId('recharge-dialog')).toHaveLength(1);
  });
});

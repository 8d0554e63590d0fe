import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import { adopt, sendFeedback, startFeedbackApp } from './feedback-helpers.js';

// The gift an adopted feedback earns is configuration (decision 0033): its amount and validity follow the settings.
let t: TestApp;
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ t, cleanUp } = await startFeedbackApp({ env: { FEEDBACK_GIFT_YUAN: '8.8', FEEDBACK_GIFT_VALID_DAYS: '7' } }));
});
afterAll(() => cleanUp());

describe('the feedback gift', () => {
  it('is the configured amount for the configured days', async () => {
    const support = await createOperator(t, ['support']);
    const { token } = await createSignedInUser(t);
    const id = (await sendFeedback(t, token, { content: 'idea' })).json().data.id as string;
    expect((await adopt(t, support.token, id)).json().data.amount).toBe('8.80');
    const [voucher] = (await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher', token })).json().data
      .rows;
    expect(voucher).toMatchObject({ amount: '8.80', source: 'feedback' });
    expect((Date.parse(voucher.expireTime) - Date.parse(voucher.effectiveTime)) / 86_400_000).toBe(7);
  });

  it('refuses an amount that is not positive yuan with two decimals, naming the variable', () => {
    for (const value of ['0', '-1', '1.234', 'five', '10000']) {
      expect(() => loadConfig({ FEEDBACK_GIFT_YUAN: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ FEEDBACK_GIFT_YUAN: value }), value).toThrow(/FEEDBACK_GIFT_YUAN/);
    }
    expect(() => loadConfig({ FEEDBACK_GIFT_VALID_DAYS: '0' })).toThrow(/FEEDBACK_GIFT_VALID_DAYS/);
  });
});

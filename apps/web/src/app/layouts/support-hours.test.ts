import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { supportHoursText } from './support-hours';

const HOURS = { days: 'weekdays', opensAt: '09:00', closesAt: '18:00', timeZone: 'Asia/Shanghai' } as const;
const JANUARY = new Date(Date.UTC(2026, 0, 5));

describe('the customer-service hours', () => {
  it('name the days and the time zone in Chinese', () => {
    const t = i18n.getFixedT('zh-CN', 'layout');
    expect(supportHoursText(HOURS, 'zh-CN', t, JANUARY)).toBe('工作日 09:00–18:00（中国标准时间，UTC+8）');
  });

  it('name them in English, and follow the configured zone', () => {
    const t = i18n.getFixedT('en-US', 'layout');
    const daily = { ...HOURS, days: 'daily', timeZone: 'Europe/Berlin' } as const;
    expect(supportHoursText(daily, 'en-US', t, JANUARY)).toBe(
      'Every day 09:00–18:00 (Central European Standard Time, UTC+1)',
    );
  });
});

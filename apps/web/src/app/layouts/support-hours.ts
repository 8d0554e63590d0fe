import type { SiteInfo } from '@/shared/config/site-info';

type Hours = SiteInfo['support']['hours'];

/** The zone's name in the reader's language and its offset: "中国标准时间，UTC+8", "China Standard Time, UTC+8". */
function zoneText(timeZone: string, language: string, now: Date): { name: string; offset: string } {
  const part = (style: 'long' | 'shortOffset') =>
    new Intl.DateTimeFormat(language, { timeZone, timeZoneName: style })
      .formatToParts(now)
      .find((piece) => piece.type === 'timeZoneName')?.value ?? timeZone;
  return { name: part('long'), offset: part('shortOffset').replace(/^GMT/, 'UTC') };
}

/**
 * The service hours with their time zone (issue 9), since a user abroad would otherwise read 09:00 as their own
 * morning: "工作日 09:00–18:00（中国标准时间，UTC+8）".
 */
export function supportHoursText(
  hours: Hours,
  language: string,
  t: (key: string, options?: Record<string, string>) => string,
  now = new Date(),
): string {
  const zone = zoneText(hours.timeZone, language, now);
  return t('customerService.hoursValue', {
    days: t(`customerService.days.${hours.days}`),
    opensAt: hours.opensAt,
    closesAt: hours.closesAt,
    zone: zone.name,
    offset: zone.offset,
  });
}

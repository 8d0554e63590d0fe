import type { Locale } from '@suanli/contract';
import dayjs from 'dayjs';
import { DAYJS_LOCALES, i18n } from '../i18n';

/** `dateTime` for events (a notice, a payment), `date` for days (an expiry, a bill date). */
export type DateStyle = 'dateTime' | 'date';

/**
 * An ISO time from the server in the reader's time zone, in the pattern and month names of `locale`. The patterns
 * are catalogue entries (`common:format.*`), so each language words dates its own way.
 */
export function formatDateTime(value: string, locale: Locale, style: DateStyle = 'dateTime'): string {
  const time = dayjs(value);
  if (!time.isValid()) {
    return '';
  }
  return time.locale(DAYJS_LOCALES[locale]).format(i18n.t(`common:format.${style}`, { lng: locale }));
}

const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/**
 * Beijing time as both providers write it (China keeps no daylight saving): `2026-03-01T12:05:00` for WeChat Pay's
 * RFC 3339 with `+08:00`, `2026-03-01 12:05:00` for Alipay's gateway.
 */
function chinaClock(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19);
}

export const rfc3339China = (at: Date) => `${chinaClock(at)}+08:00`;

export const alipayTime = (at: Date) => chinaClock(at).replace('T', ' ');

/** The China calendar day of an instant, `2026-03-01`: the day both providers clear a payment under. */
export const chinaDay = (at: Date) => chinaClock(at).slice(0, 10);

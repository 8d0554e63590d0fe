import type { IncomingHttpHeaders } from 'node:http';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase() ?? '';
};

// Cloudflare answers XX for an unknown country and T1 for Tor: neither says where the caller is.
const UNKNOWN_COUNTRIES = new Set(['', 'XX', 'T1']);

/**
 * The local flag of spec §4 "Login flow": 1 when the dialog should open on e-mail login. Codes by SMS reach mainland
 * phones only (the phone pattern of spec §5), so callers outside mainland China are better served by e-mail. The
 * server has no GeoIP database of its own; a CDN or proxy in front states the country (`cf-ipcountry`, or
 * `x-country-code` from nginx's geoip module), and without one the browser's first language stands in for it.
 * Both can be forged, which only changes which tab opens first.
 */
export function localFlag(headers: IncomingHttpHeaders): 0 | 1 {
  const country = ['cf-ipcountry', 'x-country-code']
    .map((name) => header(headers, name))
    .find((value) => !UNKNOWN_COUNTRIES.has(value));
  if (country) {
    return country === 'CN' ? 0 : 1;
  }
  const language = header(headers, 'accept-language').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return language === '' || language.startsWith('ZH') ? 0 : 1;
}

import { formatMoney, parseMoney } from '@suanli/contract';

export type MoneyDecimals = 2 | 4;

/** Groups the digits of a whole number by thousands: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A money string from the server ('12.30', '-1234567.50', '1.9500') as the console shows it: '¥12.30',
 * '-¥1,234,567.50', '¥1.9500'. The text is parsed into integer units and formatted back with the contract's helpers
 * (ARCHITECTURE §3), so no float ever holds the amount; 2 decimals round half-up, 4 are exact. Text that is not an
 * amount is returned as it came, rather than shown as a made-up zero. `signed` puts a + before a positive amount, as a
 * ledger shows money coming in: '+¥12.30'; zero stays unsigned.
 */
export function formatMoneyText(value: string, decimals: MoneyDecimals = 2, signed = false): string {
  const units = parseMoney(value);
  if (units === null) {
    return value;
  }
  const text = formatMoney(units, decimals);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const sign = negative ? '-' : signed && /[1-9]/.test(text) ? '+' : '';
  return `${sign}¥${groupThousands(whole)}.${fraction}`;
}

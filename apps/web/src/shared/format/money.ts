import { formatMoney, parseMoney } from '@suanli/contract';

/** Groups the digits of a whole number by thousands: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A money string from the server ('12.30', '-1234567.50') as the console shows it, the one way it shows money
 * everywhere (issue 19 §3): '¥12.30', '-¥1,234,567.50', always two decimals. Every amount the server sends is whole fen
 * (decision 0019); the text is parsed into integer units and formatted back with the contract's helpers
 * (ARCHITECTURE §3), so no float ever holds the amount. Text that is not an
 * amount is returned as it came, rather than shown as a made-up zero. `signed` puts a + before a positive amount, as a
 * ledger shows money coming in: '+¥12.30'; zero stays unsigned.
 */
export function formatMoneyText(value: string, signed = false): string {
  const units = parseMoney(value);
  if (units === null) {
    return value;
  }
  const text = formatMoney(units);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const sign = negative ? '-' : signed && /[1-9]/.test(text) ? '+' : '';
  return `${sign}¥${groupThousands(whole)}.${fraction}`;
}

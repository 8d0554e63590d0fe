import dayjs from 'dayjs';

const NEEDS_QUOTES = /[",\r\n]/;
// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection")…
const FORMULA_START = /^[=+\-@\t\r]/;
// …except a plain signed number, which it reads as the number it is.
const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * Rows of text as a CSV file (RFC 4180: comma-separated, CRLF, a cell quoted when it holds a comma, a quote or a line
 * break). It starts with a byte order mark, without which Excel reads UTF-8 as the system's code page and garbles
 * Chinese.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * A time from the server as a CSV cell: in the reader's time zone, as the table beside it shows it, and written
 * YYYY-MM-DD HH:mm:ss, which a spreadsheet sorts and reads as a time; empty when there is none.
 */
export function csvTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}

import type { HTMLAttributes } from 'react';
import { formatMoneyText, type MoneyDecimals } from '../format/money';

interface MoneyTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Yuan text as the server sends it: two decimals for balances and bills, up to four for unit prices. */
  value: string;
  decimals?: MoneyDecimals;
  /** A + before a positive amount, for a ledger's income beside its expense. */
  signed?: boolean;
}

/** The one way the console shows money (ARCHITECTURE §3): '¥1,234.50', or '¥1.9500' for prices. */
export function MoneyText({ value, decimals = 2, signed = false, style, ...rest }: MoneyTextProps) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }} {...rest}>
      {formatMoneyText(value, decimals, signed)}
    </span>
  );
}

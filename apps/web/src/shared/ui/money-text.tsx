import type { HTMLAttributes } from 'react';
import { formatMoneyText } from '../format/money';

interface MoneyTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Yuan text as the server sends it, whole fen. */
  value: string;
  /** A + before a positive amount, for a ledger's income beside its expense. */
  signed?: boolean;
}

/** The one way the console shows money (ARCHITECTURE §3, issue 19 §3): '¥1,234.50', two decimals everywhere. */
export function MoneyText({ value, signed = false, style, ...rest }: MoneyTextProps) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }} {...rest}>
      {formatMoneyText(value, signed)}
    </span>
  );
}

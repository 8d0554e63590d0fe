import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface PointsTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Whole points, as the server sends them. */
  value: number;
  /** A + before points coming in, as the history shows them beside points going out. */
  signed?: boolean;
}

/** Points with their digits grouped in the reader's language: 12,000, or +12,000 and -500 in the history. */
export function PointsText({ value, signed = false, style, ...rest }: PointsTextProps) {
  const { i18n } = useTranslation();
  const text = new Intl.NumberFormat(i18n.language, { signDisplay: signed ? 'exceptZero' : 'auto' }).format(value);
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...style }} {...rest}>
      {text}
    </span>
  );
}

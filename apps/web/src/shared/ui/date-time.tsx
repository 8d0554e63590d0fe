import type { HTMLAttributes } from 'react';
import { formatDateTime, type DateStyle } from '../format/date-time';
import { useInterfaceSettings } from '../stores/interface-settings-store';

interface DateTimeProps extends Omit<HTMLAttributes<HTMLTimeElement>, 'children'> {
  /** ISO 8601, as every time leaves the server (ARCHITECTURE §3). */
  value: string;
  format?: DateStyle;
}

/** The one way the console shows a time; it follows the interface language as the user switches it. */
export function DateTime({ value, format = 'dateTime', ...rest }: DateTimeProps) {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return (
    <time dateTime={value} {...rest}>
      {formatDateTime(value, language, format)}
    </time>
  );
}

import { Typography } from 'antd';
import dayjs from 'dayjs';

/** A notice's time in the reader's locale (dayjs follows the interface language). */
export function NoticeTime({ value }: { value: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {dayjs(value).format('YYYY-MM-DD HH:mm')}
    </Typography.Text>
  );
}

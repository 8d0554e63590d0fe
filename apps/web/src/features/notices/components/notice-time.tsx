import { Typography } from 'antd';
import { DateTime } from '@/shared/ui/date-time';

/** A notice's time, small and secondary beside its title. */
export function NoticeTime({ value }: { value: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <DateTime value={value} />
    </Typography.Text>
  );
}

import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { useUnreadCount } from '../api/list-informs';

// The list with its paging, confirmations and drawer is heavy and only wanted once the bell is clicked.
const NoticeDrawer = lazyWithTimeout(() => import('./notice-drawer'));

/** The header bell with the unread count; it opens the user's notices and the platform announcements. */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  const show = () => {
    setOpened(true);
    setOpen(true);
  };

  return (
    <>
      <Badge
        count={unread}
        size="small"
        title={t('unread', { count: unread })}
        data-testid="notice-unread-count"
        data-count={unread}
      >
        <Button type="text" icon={<BellOutlined />} aria-label={t('title')} onClick={show} data-testid="notice-bell" />
      </Badge>
      {opened ? (
        <Suspense fallback={null}>
          <NoticeDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

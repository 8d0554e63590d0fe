import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MountedOnceOpened } from '@/shared/ui/mounted-once-opened';
import { WELCOME_DIALOG_Z_INDEX } from '@/shared/ui/welcome-layer';
import { useNewNotice } from '../api/get-new-notice';
import { useMarkNoticeRead } from '../api/mark-notice-read';

/**
 * The newest platform notice, shown once after login; closing it records it as seen. It waits while `waiting` (another
 * dialog is open), so that two dialogs never stack their masks.
 */
export function NewNoticePopup({ waiting = false }: { waiting?: boolean }) {
  const { t } = useTranslation('notices');
  const notice = useNewNotice().data;
  const markRead = useMarkNoticeRead();
  const close = () => {
    if (notice) {
      markRead.mutate(notice.noticeId);
    }
  };
  const open = Boolean(notice) && !markRead.isPending && !waiting;
  return (
    <MountedOnceOpened open={open}>
      <Modal
        open={open}
        title={notice?.title}
        onCancel={close}
        zIndex={WELCOME_DIALOG_Z_INDEX}
        footer={
          <Button type="primary" onClick={close} data-testid="new-notice-ok">
            {t('gotIt')}
          </Button>
        }
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="new-notice">
          {notice?.content}
        </Typography.Paragraph>
      </Modal>
    </MountedOnceOpened>
  );
}

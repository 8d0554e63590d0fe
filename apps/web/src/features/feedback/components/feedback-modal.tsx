import { Modal, Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';

// The form loads when the dialog first opens; most visits never open it.
const FeedbackForm = lazyWithTimeout(() => import('./feedback-form'));

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/** The feedback dialog opened from the menu (spec §2 "Menu entries"). */
export function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation('feedback');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('modal.title')} destroyOnHidden>
      <div data-testid="feedback-modal">
        <Suspense fallback={<Skeleton active />}>
          <FeedbackForm onClose={onClose} />
        </Suspense>
      </div>
    </Modal>
  );
}

import { Modal, Skeleton } from 'antd';
import { Suspense } from 'react';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { useFeedbackTranslation } from '../use-feedback-translation';

// The form loads when the dialog first opens; most visits never open it.
const FeedbackForm = lazyWithTimeout(() => import('./feedback-form'));

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/** The feedback dialog opened from the menu (spec §2 "Menu entries"). */
export default function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useFeedbackTranslation();
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

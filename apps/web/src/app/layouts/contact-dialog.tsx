import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MountedOnceOpened } from '@/shared/ui/mounted-once-opened';
import { LazyCustomerServiceCard as CustomerServiceCard } from './customer-service-card.lazy';

/** "Contact us" from the menu: the customer-service card in a dialog, which any click or key opens (issue 9). */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <MountedOnceOpened open={open}>
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        title={t('customerService.title')}
        width={420}
        destroyOnHidden
      >
        <div data-testid="contact-dialog">
          <CustomerServiceCard titled={false} />
        </div>
      </Modal>
    </MountedOnceOpened>
  );
}

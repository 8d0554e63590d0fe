import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MountedOnceOpened } from '@/shared/ui/mounted-once-opened';
import { WELCOME_DIALOG_Z_INDEX } from '@/shared/ui/welcome-layer';
import { BenefitIllustration } from './benefit-illustration';
import { useBenefitDialog } from './benefit-dialog-store';

/** Spec §2 "Benefit-notice dialog": one of two pictures by type; clicking it leads to the recharge center. */
export function BenefitDialog() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const type = useBenefitDialog((state) => state.type);
  const hide = useBenefitDialog((state) => state.hide);

  const open = () => {
    hide();
    void navigate('/voucherCenter');
  };

  return (
    <MountedOnceOpened open={type !== null}>
      <Modal
        open={type !== null}
        onCancel={hide}
        footer={null}
        width={400}
        centered
        destroyOnHidden
        zIndex={WELCOME_DIALOG_Z_INDEX}
      >
        {type ? (
          <Button
            type="text"
            onClick={open}
            data-testid="benefit-dialog"
            aria-label={t(`benefit.${type}.action`)}
            style={{ display: 'block', width: '100%', height: 'auto', padding: 0, marginTop: 24 }}
          >
            <BenefitIllustration
              type={type}
              headline={t(`benefit.${type}.headline`)}
              caption={t(`benefit.${type}.caption`)}
              action={t('benefit.go')}
            />
          </Button>
        ) : null}
      </Modal>
    </MountedOnceOpened>
  );
}

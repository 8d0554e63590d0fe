import { Button, Modal, Typography } from 'antd';
import type { ApiUserContract } from '../api/api-user-contract';
import { usePartnersTranslation } from '../use-partners-translation';

/**
 * The contract as the server writes it: plain text in the caller's language, its line breaks kept (rendering it as
 * Markdown would read a `*` or `_` of the text as markup).
 */
export function ApiUserContractDialog({ contract, onClose }: { contract: ApiUserContract; onClose: () => void }) {
  const { t } = usePartnersTranslation();
  return (
    <Modal
      open
      title={contract.title}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="api-contract-close">
          {t('apiContract.close')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="api-contract-content">
        {contract.content}
      </Typography.Paragraph>
    </Modal>
  );
}

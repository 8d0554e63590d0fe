import { Alert, Button, Flex, Modal, Typography } from 'antd';
import type { IssuedKey } from '../api/credentials';
import { useApiOpenTranslation } from '../use-api-open-translation';

interface IssuedKeyModalProps {
  issued: IssuedKey | null;
  onClose(): void;
}

/** A key made or rotated, shown this once with a copy button: the server keeps only its hash. */
export function IssuedKeyModal({ issued, onClose }: IssuedKeyModalProps) {
  const { t } = useApiOpenTranslation();
  return (
    <Modal
      title={t('issued.title')}
      open={issued !== null}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-issued-done">
          {t('issued.done')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon message={t('issued.warning')} />
        <Typography.Text strong>{issued?.name}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: issued?.key ?? '' }}
          style={{ wordBreak: 'break-all', margin: 0 }}
          data-testid="api-key-issued"
        >
          {issued?.key}
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}

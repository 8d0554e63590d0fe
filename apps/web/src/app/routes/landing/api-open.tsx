import { ApiOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_DOCS_URL } from '@/shared/config/site';
import { PlaceholderPage } from '@/shared/ui/placeholder-page';
import { PlainCard } from '@/shared/ui/plain-card';

/** Spec §2 API open platform: its key management arrives later; the API reference for developers is here already. */
export default function ApiOpenPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PlaceholderPage routeKey="APIOpen" />
      <PlainCard style={{ marginTop: 16 }} title={t('APIOpen.referenceTitle')}>
        <Typography.Paragraph>{t('APIOpen.referenceDescription')}</Typography.Paragraph>
        <Button
          icon={<ApiOutlined />}
          href={API_DOCS_URL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="api-reference-link"
        >
          {t('APIOpen.referenceLink')}
        </Button>
      </PlainCard>
    </>
  );
}

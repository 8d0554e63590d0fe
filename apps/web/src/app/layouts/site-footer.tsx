import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Company information; the legal and registration text is configured by the operator (spec §1). */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  return (
    <Layout.Footer style={{ textAlign: 'center' }} data-testid="site-footer">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('footer.company')}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('footer.legal')}</Typography.Text>
    </Layout.Footer>
  );
}

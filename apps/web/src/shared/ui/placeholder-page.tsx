import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  /** The route's key in the `routes` catalogue. */
  routeKey: string;
}

/** A page whose content a later change delivers: its title and what it will be for. */
export function PlaceholderPage({ routeKey }: PlaceholderPageProps) {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t(`${routeKey}.title`)} />
      <Card>
        <Empty
          description={
            <>
              <Typography.Paragraph>{t(`${routeKey}.description`)}</Typography.Paragraph>
              <Typography.Text type="secondary">{t('placeholder')}</Typography.Text>
            </>
          }
        />
      </Card>
    </>
  );
}

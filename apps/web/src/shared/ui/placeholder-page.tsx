import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { PlainCard, PlainEmpty } from './plain-card';

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
      <PlainCard>
        <PlainEmpty
          description={
            <>
              <Typography.Paragraph>{t(`${routeKey}.description`)}</Typography.Paragraph>
              <Typography.Text type="secondary">{t('placeholder')}</Typography.Text>
            </>
          }
        />
      </PlainCard>
    </>
  );
}

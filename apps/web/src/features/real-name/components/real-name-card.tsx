import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import { useRealNameStatus } from '../api/get-real-name-status';
import { RealNameForm } from './real-name-form';

/** Real-name authentication in the user center: the masked record once verified, the form otherwise. */
export function RealNameCard() {
  const { t } = useTranslation('realName');
  const status = useRealNameStatus();
  const record = status.data;
  const verified = record?.status === '1';

  const extra = record ? (
    <Tag color={verified ? 'success' : 'default'} data-testid="realname-status">
      {t(`contract:enums.verifiedStatus.${record.status}`)}
    </Tag>
  ) : null;

  const body = () => {
    if (status.isPending) {
      return <Skeleton active />;
    }
    if (!record) {
      return null;
    }
    if (!verified) {
      return <RealNameForm record={record} />;
    }
    return (
      <Descriptions
        column={1}
        data-testid="realname-record"
        items={[
          {
            key: 'name',
            label: t('realName'),
            children: <span data-testid="realname-record-name">{record.realName}</span>,
          },
          {
            key: 'id',
            label: t('idCard'),
            children: <span data-testid="realname-record-id-card">{record.idCard}</span>,
          },
          {
            key: 'at',
            label: t('verifiedAt'),
            children: record.verifiedAt ? <DateTime value={record.verifiedAt} /> : '',
          },
        ]}
      />
    );
  };

  return (
    <Card title={t('title')} extra={extra} data-testid="security-realname">
      {body()}
    </Card>
  );
}

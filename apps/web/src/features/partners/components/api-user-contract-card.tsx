import { Alert, Button, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from '@/shared/ui/date-time';
import { PlainCard } from '@/shared/ui/plain-card';
import { useApiUserContract } from '../api/api-user-contract';
import { ApiUserContractDialog } from './api-user-contract-dialog';
import { ApiUserSignDialog } from './api-user-sign-dialog';
import { usePartnersTranslation } from '../use-partners-translation';

interface ApiUserContractCardProps {
  /** Whether the user's real name is verified (signing uses that identity); undefined while it is being read. */
  realNameVerified: boolean | undefined;
}

/**
 * The API user contract of spec §7: whether and when the user signed it, the contract itself, and signing it with the
 * real-name identity, which a user without one is sent to complete first.
 */
export function ApiUserContractCard({ realNameVerified }: ApiUserContractCardProps) {
  const { t } = usePartnersTranslation();
  const contract = useApiUserContract();
  const [viewing, setViewing] = useState(false);
  const [signing, setSigning] = useState(false);
  const signedAt = contract.data?.signedAt ?? null;

  const body = () => {
    if (contract.isError) {
      return <Alert type="error" showIcon title={t('loadFailed')} />;
    }
    if (!contract.data) {
      return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
    }
    return (
      <Flex vertical gap={12} align="flex-start">
        <Space wrap>
          <Tag data-testid="api-contract-status">{t(`apiContract.status.${signedAt ? 'signed' : 'unsigned'}`)}</Tag>
          {signedAt ? (
            <Typography.Text>
              {t('apiContract.signedAt')} <DateTime value={signedAt} data-testid="api-contract-signed-at" />
            </Typography.Text>
          ) : (
            <Typography.Text>{t('apiContract.unsigned')}</Typography.Text>
          )}
        </Space>
        {!signedAt && realNameVerified === false ? (
          <Alert
            type="info"
            showIcon
            title={t('apiContract.verifyFirst')}
            action={
              <Link to="/userCenter" data-testid="api-contract-verify">
                {t('apiContract.verify')}
              </Link>
            }
            data-testid="api-contract-verify-first"
          />
        ) : null}
        <Space wrap>
          <Button onClick={() => setViewing(true)} data-testid="api-contract-view">
            {t('apiContract.view')}
          </Button>
          {!signedAt && realNameVerified ? (
            <Button type="primary" onClick={() => setSigning(true)} data-testid="api-contract-sign">
              {t('apiContract.sign')}
            </Button>
          ) : null}
        </Space>
      </Flex>
    );
  };

  return (
    <PlainCard title={t('apiContract.title')}>
      {body()}
      {signing ? <ApiUserSignDialog onViewContract={() => setViewing(true)} onClose={() => setSigning(false)} /> : null}
      {viewing && contract.data ? (
        <ApiUserContractDialog contract={contract.data} onClose={() => setViewing(false)} />
      ) : null}
    </PlainCard>
  );
}

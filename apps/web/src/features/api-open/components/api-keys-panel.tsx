import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Space, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import {
  useApiCredentials,
  useRevokeCredential,
  useRotateCredential,
  type ApiCredential,
  type IssuedKey,
} from '../api/credentials';
import { CreateKeyModal } from './create-key-modal';
import { IssuedKeyModal } from './issued-key-modal';
import { useApiOpenTranslation } from '../use-api-open-translation';

const timeOrText = (value: string | null, text: string) => (value ? <DateTime value={value} /> : text);

/** The signed-in user's API keys: make one, rotate or revoke one (each after a confirmation), see when each was used. */
export default function ApiKeysPanel() {
  const { t } = useApiOpenTranslation();
  const { modal, message } = App.useApp();
  const credentials = useApiCredentials();
  const rotate = useRotateCredential();
  const revoke = useRevokeCredential();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);

  const confirmRotate = (row: ApiCredential) =>
    modal.confirm({
      title: t('keys.rotateConfirm', { name: row.name }),
      okText: t('keys.ok'),
      okButtonProps: { 'data-testid': 'api-key-confirm' } as ButtonProps,
      cancelText: t('keys.cancel'),
      onOk: async () => setIssued(await rotate.mutateAsync(row.credentialId)),
    });

  const confirmRevoke = (row: ApiCredential) =>
    modal.confirm({
      title: t('keys.revokeConfirm', { name: row.name }),
      okText: t('keys.ok'),
      okButtonProps: { danger: true, 'data-testid': 'api-key-confirm' } as ButtonProps,
      cancelText: t('keys.cancel'),
      onOk: async () => {
        await revoke.mutateAsync(row.credentialId);
        void message.success(t('keys.revoked'));
      },
    });

  const columns: TableColumnsType<ApiCredential> = [
    { title: t('keys.columns.name'), dataIndex: 'name' },
    {
      title: t('keys.columns.prefix'),
      dataIndex: 'prefix',
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    {
      title: t('keys.columns.created'),
      dataIndex: 'createTime',
      render: (value: string) => <DateTime value={value} />,
    },
    {
      title: t('keys.columns.expires'),
      dataIndex: 'expireTime',
      render: (value: string | null) => timeOrText(value, t('keys.noExpiry')),
    },
    {
      title: t('keys.columns.lastUsed'),
      dataIndex: 'lastUsedTime',
      render: (value: string | null) => timeOrText(value, t('keys.never')),
    },
    {
      title: t('keys.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space>
          <Button size="small" onClick={() => confirmRotate(row)} data-testid={`api-key-rotate-${row.credentialId}`}>
            {t('keys.rotate')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => confirmRevoke(row)}
            data-testid={`api-key-revoke-${row.credentialId}`}
          >
            {t('keys.revoke')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="api-keys">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('keys.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('keys.create')}
        </Button>
      </Flex>
      <Table
        rowKey="credentialId"
        columns={columns}
        dataSource={credentials.data?.rows ?? []}
        loading={credentials.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('keys.empty')} /> }}
        data-testid="api-keys-table"
      />
      <CreateKeyModal
        open={creating}
        onCancel={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setIssued(made);
        }}
      />
      <IssuedKeyModal issued={issued} onClose={() => setIssued(null)} />
    </Flex>
  );
}

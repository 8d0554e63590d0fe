import { Button, Empty, Modal, Table, Tag } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { useCancelShare } from '../api/cancel-share';
import { useShares, type ShareRecord } from '../api/list-shares';
import type { UserImage } from '../api/list-user-images';
import { useImagesTranslation } from '../use-images-translation';

/** The share record of an image (spec §3): phone masked, time, status, and a cancel for an active share. */
export function ShareRecordDialog({ image, onClose }: { image: UserImage; onClose: () => void }) {
  const { t } = useImagesTranslation();
  const shares = useShares(image.id);
  const cancel = useCancelShare();

  return (
    <Modal open title={t('record.title', { name: image.name })} onCancel={onClose} footer={null} width={640}>
      <Table<ShareRecord>
        rowKey="id"
        size="small"
        loading={shares.isLoading}
        dataSource={shares.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('record.empty')} /> }}
        data-testid="image-share-record"
        columns={[
          { title: t('record.phone'), dataIndex: 'phone' },
          { title: t('record.time'), dataIndex: 'shareTime', render: (value: string) => <DateTime value={value} /> },
          {
            title: t('record.status'),
            dataIndex: 'status',
            render: (status: ShareRecord['status'], row) => (
              <Tag color={status === 'sharing' ? 'processing' : 'default'} data-testid={`share-status-${row.id}`}>
                {t(`shareStatus.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('actions.title'),
            key: 'actions',
            render: (_value, row) =>
              row.status === 'sharing' ? (
                <Button
                  size="small"
                  type="link"
                  danger
                  loading={cancel.isPending && cancel.variables === row.id}
                  onClick={() => cancel.mutate(row.id)}
                  data-testid={`share-cancel-${row.id}`}
                >
                  {t('record.cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}

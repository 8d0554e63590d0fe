import { App, Button, Empty, Flex, Table, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { useDeleteImage } from '../api/delete-image';
import { useUserImages, type ImageScope, type UserImage } from '../api/list-user-images';
import { useSubmitImage } from '../api/submit-image';
import { formatBytes } from '@/shared/format/bytes';
import { useImagesTranslation } from '../use-images-translation';
import { ImageState } from './image-state';
import { ShareImageDialog } from './share-image-dialog';
import { ShareRecordDialog } from './share-record-dialog';

interface MyImagesTableProps {
  scope: ImageScope;
  /** Opens the create flow over this image's original image, restoring its disk. */
  onCreate: (image: UserImage) => void;
}

type Dialog = { kind: 'share' | 'record'; image: UserImage } | null;

/**
 * My images (spec §2 /myMirror, §3 "Image"): name and remark, original image, upload state with progress, size, time
 * and share status, with what can be done to each: create an application from it, share it, read its share record,
 * submit it to the community, delete it. An image shared with the caller can only be used.
 */
export function MyImagesTable({ scope, onCreate }: MyImagesTableProps) {
  const { t } = useImagesTranslation();
  const { modal, message } = App.useApp();
  const images = useUserImages(scope);
  const remove = useDeleteImage();
  const submit = useSubmitImage();
  const [dialog, setDialog] = useState<Dialog>(null);

  const confirmDelete = (image: UserImage) =>
    modal.confirm({
      title: t('delete.title', { name: image.name }),
      content: t('delete.content'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'image-delete-ok' } as ButtonProps,
      cancelText: t('dialog.cancel'),
      onOk: () =>
        remove.mutateAsync(image.id).then(
          () => void message.success(t('delete.done')),
          () => undefined,
        ),
    });

  const submitToCommunity = (image: UserImage) =>
    submit.mutate(image.id, { onSuccess: () => void message.success(t('submit.done')) });

  const actions = (image: UserImage) => {
    const complete = image.state === 'complete';
    const link = (action: string, props: ButtonProps) => (
      <Button size="small" type="link" data-testid={`image-${action}-${image.id}`} {...props} />
    );
    return (
      <Flex wrap gap={0}>
        {link('create', { children: t('actions.create'), disabled: !complete, onClick: () => onCreate(image) })}
        {image.owned ? (
          <>
            {link('share', {
              children: t('actions.share'),
              disabled: !complete,
              onClick: () => setDialog({ kind: 'share', image }),
            })}
            {link('record', { children: t('actions.record'), onClick: () => setDialog({ kind: 'record', image }) })}
            {link('submit', {
              children: t('actions.submit'),
              disabled: !complete || image.reviewState === 'pending' || image.reviewState === 'published',
              onClick: () => submitToCommunity(image),
            })}
            {link('delete', {
              children: t('actions.delete'),
              danger: true,
              disabled: image.state === 'uploading',
              onClick: () => confirmDelete(image),
            })}
          </>
        ) : null}
      </Flex>
    );
  };

  return (
    <>
      <Table<UserImage>
        rowKey="id"
        loading={images.isLoading}
        dataSource={images.data ?? []}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: <Empty description={t(scope === 'shared' ? 'list.emptyShared' : 'list.empty')} /> }}
        data-testid={`images-table-${scope}`}
        columns={[
          {
            title: t('list.name'),
            dataIndex: 'name',
            render: (name: string, image) => (
              <Flex vertical data-testid={`image-row-${image.id}`}>
                <Typography.Text strong>{name}</Typography.Text>
                {image.remark ? <Typography.Text type="secondary">{image.remark}</Typography.Text> : null}
                {image.owned ? null : <Tag>{t('list.sharedWithMe')}</Tag>}
              </Flex>
            ),
          },
          { title: t('list.original'), dataIndex: 'baseImageName' },
          { title: t('list.state'), key: 'state', render: (_value, image) => <ImageState image={image} /> },
          {
            title: t('list.size'),
            dataIndex: 'sizeBytes',
            render: (bytes: number, image) => (image.state === 'complete' ? formatBytes(bytes) : '—'),
          },
          { title: t('list.time'), dataIndex: 'createTime', render: (value: string) => <DateTime value={value} /> },
          {
            title: t('list.share'),
            dataIndex: 'shareStatus',
            render: (status: UserImage['shareStatus']) =>
              status ? (
                <Tag color={status === 'sharing' ? 'processing' : 'default'}>{t(`shareStatus.${status}`)}</Tag>
              ) : (
                '—'
              ),
          },
          {
            title: t('list.review'),
            dataIndex: 'reviewState',
            render: (state: UserImage['reviewState'], image) =>
              state ? (
                <Flex vertical>
                  {t(`review.${state}`)}
                  {image.reviewNote ? (
                    <Typography.Text type="secondary" data-testid={`image-review-note-${image.id}`}>
                      {t('review.note', { note: image.reviewNote })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ) : (
                '—'
              ),
          },
          { title: t('actions.title'), key: 'actions', fixed: 'right', render: (_value, image) => actions(image) },
        ]}
      />
      {dialog?.kind === 'share' ? <ShareImageDialog image={dialog.image} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'record' ? <ShareRecordDialog image={dialog.image} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

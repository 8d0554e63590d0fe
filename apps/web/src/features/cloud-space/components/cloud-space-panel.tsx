import {
  CopyOutlined,
  DownloadOutlined,
  FileOutlined,
  FolderAddOutlined,
  FolderOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Breadcrumb, Button, Card, Empty, Flex, Popconfirm, Space, Table, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import { formatDateTime } from '@/shared/format/date-time';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import {
  downloadLink,
  parentOf,
  useCreateFolder,
  useDeleteEntry,
  useFolder,
  useRefreshCloudSpace,
  useRenameEntry,
  type CloudEntry,
} from '../api/cloud-space';
import { uploadFile } from '../api/upload-file';
import { formatBytes } from '@/shared/format/bytes';
import { NameModal } from './name-modal';
import { StorageCard } from './storage-card';
import { UploadQueue, type QueuedUpload } from './upload-queue';
import { useCloudSpaceTranslation } from '../use-cloud-space-translation';

interface CloudSpacePanelProps {
  /** The dialog that copies an entry into an application, composed by the page from the applications feature. */
  copyDialog: (entry: CloudEntry, onClose: () => void) => ReactNode;
}

/** Spec §2 `/dateCenter`: the user's cloud space, folder by folder. */
export function CloudSpacePanel({ copyDialog }: CloudSpacePanelProps) {
  const { t } = useCloudSpaceTranslation();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const { message } = App.useApp();
  const [path, setPath] = useState('/');
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const [naming, setNaming] = useState<{ kind: 'folder' } | { kind: 'rename'; entry: CloudEntry } | null>(null);
  const [copying, setCopying] = useState<CloudEntry | null>(null);
  const folder = useFolder(path);
  const refresh = useRefreshCloudSpace();
  const remove = useDeleteEntry();
  const createFolder = useCreateFolder();
  const rename = useRenameEntry();
  const reason = (error: unknown) => (isHttpError(error) ? errorText(error, t) : '') || t('upload.failed');

  const update = (id: string, change: Partial<QueuedUpload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const startUpload = (file: File) => {
    const id = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
    setUploads((list) => [...list, { id, name: file.name, size: file.size, progress: 0, status: 'uploading' }]);
    uploadFile(file, path, (progress) => update(id, { progress })).then(
      () => {
        update(id, { progress: 1, status: 'done' });
        void refresh();
      },
      (error: unknown) => update(id, { status: 'failed', error: reason(error) }),
    );
    return false;
  };

  const download = async (entry: CloudEntry) => {
    const link = await downloadLink({ path: parentOf(entry), fileName: entry.name });
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = entry.name;
    anchor.click();
  };

  const submitName = (name: string) => {
    if (!naming) {
      return;
    }
    const done = { onSuccess: () => setNaming(null), onError: (error: unknown) => void message.error(reason(error)) };
    if (naming.kind === 'folder') {
      createFolder.mutate({ path, fileName: name }, done);
    } else {
      rename.mutate({ path: parentOf(naming.entry), fileName: naming.entry.name, newName: name }, done);
    }
  };

  const segments = path.split('/').filter(Boolean);
  const crumbs = [
    { title: <a onClick={() => setPath('/')}>{t('root')}</a> },
    ...segments.map((segment, index) => {
      const target = `/${segments.slice(0, index + 1).join('/')}/`;
      return { title: <a onClick={() => setPath(target)}>{segment}</a> };
    }),
  ];

  return (
    <Flex vertical gap={16}>
      <StorageCard />
      <Card>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Breadcrumb items={crumbs} data-testid="cloud-breadcrumb" />
            <Space>
              <Button
                icon={<FolderAddOutlined />}
                onClick={() => setNaming({ kind: 'folder' })}
                data-testid="cloud-new-folder"
              >
                {t('actions.newFolder')}
              </Button>
              <Upload multiple showUploadList={false} beforeUpload={startUpload}>
                <Button type="primary" icon={<UploadOutlined />} data-testid="cloud-upload">
                  {t('actions.upload')}
                </Button>
              </Upload>
            </Space>
          </Flex>
          <UploadQueue uploads={uploads} />
          <Table<CloudEntry>
            rowKey="path"
            loading={folder.isLoading}
            dataSource={folder.data?.rows ?? []}
            pagination={false}
            data-testid="cloud-entries"
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            columns={[
              {
                title: t('columns.name'),
                dataIndex: 'name',
                render: (name: string, entry) =>
                  entry.kind === 'folder' ? (
                    <a onClick={() => setPath(entry.path)} data-testid="cloud-folder-link">
                      <FolderOutlined /> {name}
                    </a>
                  ) : (
                    <Typography.Text>
                      <FileOutlined /> {name}
                    </Typography.Text>
                  ),
              },
              {
                title: t('columns.size'),
                dataIndex: 'size',
                width: 120,
                render: (size: number, entry) => (entry.kind === 'file' ? formatBytes(size) : '—'),
              },
              {
                title: t('columns.updated'),
                dataIndex: 'updatedAt',
                width: 200,
                render: (value: string) => formatDateTime(value, language),
              },
              {
                title: t('columns.actions'),
                key: 'actions',
                width: 360,
                render: (_, entry) => (
                  <Space size={0}>
                    {entry.kind === 'file' ? (
                      <Button type="link" icon={<DownloadOutlined />} onClick={() => void download(entry)}>
                        {t('actions.download')}
                      </Button>
                    ) : null}
                    <Button
                      type="link"
                      icon={<CopyOutlined />}
                      onClick={() => setCopying(entry)}
                      data-testid="cloud-copy-to-app"
                    >
                      {t('actions.copyToApplication')}
                    </Button>
                    <Button type="link" onClick={() => setNaming({ kind: 'rename', entry })}>
                      {t('actions.rename')}
                    </Button>
                    <Popconfirm
                      title={t(entry.kind === 'folder' ? 'confirmDelete.folder' : 'confirmDelete.file', {
                        name: entry.name,
                      })}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync({ path: parentOf(entry), fileName: entry.name }).catch((error: unknown) => {
                          void message.error(reason(error));
                        })
                      }
                    >
                      <Button type="link" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <NameModal
        key={naming?.kind === 'rename' ? naming.entry.path : 'folder'}
        title={naming?.kind === 'rename' ? t('actions.rename') : t('actions.newFolder')}
        open={naming !== null}
        initial={naming?.kind === 'rename' ? naming.entry.name : ''}
        busy={createFolder.isPending || rename.isPending}
        onSubmit={submitName}
        onCancel={() => setNaming(null)}
      />
      {copying ? copyDialog(copying, () => setCopying(null)) : null}
    </Flex>
  );
}

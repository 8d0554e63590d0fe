import { List, Progress, Typography } from 'antd';
import { formatBytes } from '@/shared/format/bytes';
import { useCloudSpaceTranslation } from '../use-cloud-space-translation';

export interface QueuedUpload {
  id: string;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Each file being uploaded with its own progress bar, until it is listed. */
export function UploadQueue({ uploads }: { uploads: QueuedUpload[] }) {
  const { t } = useCloudSpaceTranslation();
  if (uploads.length === 0) {
    return null;
  }
  return (
    <List
      size="small"
      bordered
      dataSource={uploads}
      data-testid="cloud-upload-queue"
      renderItem={(upload) => (
        <List.Item data-testid="cloud-upload-item">
          <div style={{ width: '100%' }}>
            <Typography.Text>
              {upload.name} ({formatBytes(upload.size)})
            </Typography.Text>
            <Progress
              percent={Math.floor(upload.progress * 100)}
              status={upload.status === 'failed' ? 'exception' : upload.status === 'done' ? 'success' : 'active'}
              aria-label={upload.name}
              data-testid="cloud-upload-progress"
            />
            {upload.status === 'failed' ? (
              <Typography.Text type="danger">{upload.error || t('upload.failed')}</Typography.Text>
            ) : null}
          </div>
        </List.Item>
      )}
    />
  );
}

import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Flex, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isHttpError, percentOf, putSigned } from '@/shared/http';
import { useChangeAvatar } from '../api/change-avatar';
import { fetchAvatarUploadUrl } from '../api/get-avatar-upload-url';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const ACCEPTED_TYPES = Object.keys(EXTENSIONS);
const MAX_BYTES = 2 * 1024 * 1024;

/** The server names the object by the file's extension, so a file saved without one gets its type's. */
function uploadName(file: File): string {
  return /\.(png|jpe?g|webp|gif)$/i.test(file.name) ? file.name : `avatar.${EXTENSIONS[file.type] ?? 'png'}`;
}

/**
 * The avatar: the file goes straight to the object store through a signed URL, then becomes the avatar. The current
 * one comes from the page, which reads the current user.
 */
export function AvatarCard({ avatarUrl }: { avatarUrl: string | null }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const change = useChangeAvatar();
  const [percent, setPercent] = useState<number | null>(null);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!ACCEPTED_TYPES.includes(file.type)) {
      void message.error(t('avatar.wrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_BYTES) {
      void message.error(t('avatar.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const upload = async () => {
      const image = file as File;
      setPercent(0);
      const target = await fetchAvatarUploadUrl(uploadName(image));
      if (image.size > target.maxBytes) {
        throw new Error('avatar too large');
      }
      const percent = percentOf(image.size);
      await putSigned({
        url: target.url,
        method: target.method,
        contentType: image.type,
        body: image,
        onSent: (bytes) => {
          setPercent(percent(bytes));
          onProgress?.({ percent: percent(bytes) });
        },
      });
      await change.mutateAsync(target.key);
    };
    upload().then(
      () => {
        setPercent(null);
        onSuccess?.(null);
        void message.success(t('avatar.saved'));
      },
      (error: unknown) => {
        setPercent(null);
        onError?.(error instanceof Error ? error : new Error('upload failed'));
        // The server's reason when it gave one (not an image, too large), else spec §8's "file upload failed".
        const reason = isHttpError(error) && error.kind === 'response' ? errorText(error, t) : null;
        void message.error(reason || t('avatar.failed'));
      },
    );
  };

  return (
    <Card title={t('avatar.title')} data-testid="profile-avatar">
      <Flex align="center" gap={24} wrap>
        <Avatar size={80} src={avatarUrl || undefined} icon={<UserOutlined />} data-testid="profile-avatar-image" />
        <Flex vertical gap={8}>
          <Upload
            accept={ACCEPTED_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            disabled={percent !== null}
          >
            <Button icon={<UploadOutlined />} loading={percent !== null} data-testid="profile-avatar-upload">
              {t('avatar.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('avatar.hint')}</Typography.Text>
          {percent !== null ? (
            <Progress percent={percent} size="small" style={{ width: 200 }} data-testid="profile-avatar-progress" />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

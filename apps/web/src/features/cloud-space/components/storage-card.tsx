import { Alert, Card, Flex, Progress, Typography } from 'antd';
import { formatDateTime } from '@/shared/format/date-time';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useStorageUsed } from '../api/cloud-space';
import { formatBytes } from '@/shared/format/bytes';
import { useCloudSpaceTranslation } from '../use-cloud-space-translation';

/** What the cloud space holds against the free 120 GB, the billing rule of spec §9, and a wipe the user was told of. */
export function StorageCard() {
  const { t } = useCloudSpaceTranslation();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const { data } = useStorageUsed();
  const used = data?.usedBytes ?? 0;
  const free = data?.freeBytes ?? 120 * 1024 ** 3;
  const usedText = t('storage.used', { used: formatBytes(used), free: formatBytes(free) });
  return (
    <Card size="small" data-testid="cloud-storage">
      <Flex vertical gap={4}>
        <Flex gap={8} align="baseline" wrap>
          <Typography.Text strong data-testid="cloud-storage-used">
            {usedText}
          </Typography.Text>
          <Typography.Text type="secondary">{t('storage.lag')}</Typography.Text>
        </Flex>
        <Progress
          percent={Math.min(100, Math.round((used / free) * 1000) / 10)}
          showInfo={false}
          aria-label={usedText}
        />
        <Typography.Text type="secondary">{t('storage.billing')}</Typography.Text>
        {data?.wipeAt ? (
          <Alert
            type="warning"
            showIcon
            message={t(`storage.wipe.${data.wipeReason ?? 'arrears'}`, {
              date: formatDateTime(data.wipeAt, language, 'date'),
              arrears: data.arrears,
            })}
          />
        ) : null}
        {data && data.arrears !== '0.00' && !data.wipeAt ? (
          <Alert type="info" showIcon message={t('storage.arrears', { arrears: data.arrears })} />
        ) : null}
      </Flex>
    </Card>
  );
}

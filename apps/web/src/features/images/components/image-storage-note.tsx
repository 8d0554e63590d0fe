import { Alert, Skeleton } from 'antd';
import { useImageStorage } from '../api/get-image-storage';
import { formatBytes } from '@/shared/format/bytes';
import { useImagesTranslation } from '../use-images-translation';

/** What the caller's images take against the free allowance, and the billing rule of what lies beyond (help text). */
export function ImageStorageNote() {
  const { t } = useImagesTranslation();
  const storage = useImageStorage();
  if (!storage.data) {
    return <Skeleton active paragraph={{ rows: 1 }} />;
  }
  const { totalBytes, freeBytes, billedGb, pricePerGbDay, dailyCost } = storage.data;
  return (
    <Alert
      type={billedGb > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="image-storage"
      title={t('storage.used', { used: formatBytes(totalBytes), free: formatBytes(freeBytes) })}
      description={
        <>
          {t('storage.rule', { free: formatBytes(freeBytes), price: pricePerGbDay })}
          {billedGb > 0 ? ` ${t('storage.billed', { gb: billedGb, cost: dailyCost })}` : ''}
        </>
      }
    />
  );
}

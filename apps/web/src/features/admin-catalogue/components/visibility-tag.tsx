import { Tag } from 'antd';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

/** Whether users see the row: shown, or hidden by an operator. */
export function VisibilityTag({ hidden }: { hidden: boolean }) {
  const { t } = useAdminCatalogueTranslation();
  return hidden ? (
    <Tag color="default">{t('visibility.hidden')}</Tag>
  ) : (
    <Tag color="green">{t('visibility.shown')}</Tag>
  );
}

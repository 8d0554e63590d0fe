import { Tag } from 'antd';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

/**
 * Whether users see the row: shown, or hidden by an operator, which is marked out in weight rather than colour
 * (antd's coloured tags on a table row fall short of the contrast axe asks for).
 */
export function VisibilityTag({ hidden }: { hidden: boolean }) {
  const { t } = useAdminCatalogueTranslation();
  return hidden ? <Tag style={{ fontWeight: 600 }}>{t('visibility.hidden')}</Tag> : <Tag>{t('visibility.shown')}</Tag>;
}

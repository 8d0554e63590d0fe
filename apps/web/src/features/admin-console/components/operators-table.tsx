import { OperatorArea } from '@suanli/contract';
import { Tag, type TableColumnsType } from 'antd';
import { PagedTable } from '@/shared/ui/paged-table';
import { useOperatorPages, type OperatorPage, type OperatorRow } from '../api/list-operators';
import { useAdminConsoleTranslation } from '../use-admin-console-translation';
import { ScrollRegion } from '@/shared/ui/scroll-region';

/** Every account holding an area, with its areas. */
export function OperatorsTable() {
  const { t } = useAdminConsoleTranslation();
  const paged = useOperatorPages();
  const columns: TableColumnsType<OperatorRow> = [
    { key: 'account', title: t('operators.columns.account'), render: (_, row) => row.account ?? '—' },
    { key: 'userId', title: t('operators.columns.userId'), dataIndex: 'userId' },
    {
      key: 'areas',
      title: t('operators.columns.areas'),
      render: (_, row) => row.areas.map((area) => <Tag key={area}>{t(`contract:${OperatorArea.labelKey(area)}`)}</Tag>),
    },
  ];
  return (
    <ScrollRegion label={t('pages.operators')} minWidth={480}>
      <PagedTable<OperatorPage>
        paged={paged}
        rowKey="userId"
        columns={columns}
        emptyText={t('operators.empty')}
        data-testid="operators-table"
      />
    </ScrollRegion>
  );
}

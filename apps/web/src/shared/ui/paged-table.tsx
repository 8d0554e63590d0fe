import type { Page } from '@suanli/contract';
import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageFilters, PageSort, PagedQuery } from '../query/use-paged-query';

type Row<Data extends Page<object>> = Data['rows'][number];
type Sorter<R> = Parameters<NonNullable<TableProps<R>['onChange']>>[2];

export type PagedTableProps<Data extends Page<object>, Filters extends PageFilters> = Omit<
  TableProps<Row<Data>>,
  'dataSource' | 'pagination' | 'loading' | 'onChange'
> & {
  /** The list, from usePagedQuery: the table shows its rows and sends its paging, sorting and filters back to it. */
  paged: PagedQuery<Data, Filters>;
  /** What an empty list says; the generic "no data" unless the list has its own words. */
  emptyText?: string;
};

// Up to 100, the most the server pages by (LIMITS.pageSizeMax).
const PAGE_SIZES = [10, 20, 50, 100];

function sortOf<R>(sorter: Sorter<R>): PageSort | null {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) {
    return null;
  }
  const field = first.columnKey ?? first.field;
  return {
    field: String(Array.isArray(field) ? field.join('.') : field),
    order: first.order === 'ascend' ? 'asc' : 'desc',
  };
}

/**
 * An antd Table bound to one server-paged list: paging, column sorting (`sorter: true`) and column filters all go to
 * the server through usePagedQuery, never sorted or filtered in the browser. The table is busy while the first page
 * or a newly chosen one loads (a background refresh, such as the bell's poll, leaves it alone), and says the list is
 * empty only once the server has said so.
 */
export function PagedTable<Data extends Page<object>, Filters extends PageFilters = PageFilters>({
  paged,
  emptyText,
  locale,
  ...tableProps
}: PagedTableProps<Data, Filters>) {
  const { t } = useTranslation('common');
  const { query, params, rows, total, change } = paged;

  const onChange: TableProps<Row<Data>>['onChange'] = (pagination, filters, sorter, { action }) => {
    if (action === 'paginate') {
      change({ pageNum: pagination.current, pageSize: pagination.pageSize });
    } else if (action === 'sort') {
      change({ sort: sortOf(sorter) });
    } else {
      change({
        filters: Object.fromEntries(
          Object.entries(filters).map(([key, value]) => [key, value ?? undefined]),
        ) as Partial<Filters>,
      });
    }
  };

  return (
    <Table<Row<Data>>
      {...tableProps}
      dataSource={rows}
      loading={query.isPending || query.isPlaceholderData}
      onChange={onChange}
      locale={{
        ...locale,
        emptyText: query.isPending ? <span /> : <Empty description={emptyText ?? t('table.empty')} />,
      }}
      pagination={{
        current: params.pageNum,
        pageSize: params.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (count) => t('table.total', { count }),
        size: 'small',
      }}
    />
  );
}

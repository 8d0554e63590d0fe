import { Card, Empty, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface RecentTableCardProps<Row> {
  title: ReactNode;
  /** The page that lists them all, and the link's text. */
  viewAll: { to: string; label: ReactNode };
  testId: string;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  loading: boolean;
  emptyText: ReactNode;
}

/** A few newest rows of a list in a card, with a link to the whole list: the console home's recent activity. */
export function RecentTableCard<Row extends object>(props: RecentTableCardProps<Row>) {
  const { title, viewAll, testId, rowKey, columns, rows, loading, emptyText } = props;
  return (
    <Card title={title} extra={<Link to={viewAll.to}>{viewAll.label}</Link>} data-testid={testId}>
      <Table<Row>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      />
    </Card>
  );
}

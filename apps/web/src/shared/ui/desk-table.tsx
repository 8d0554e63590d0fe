import type { Page } from '@suanli/contract';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import type { PageFilters } from '../query/use-paged-query';
import { CsvExportButton, type CsvExport } from './csv-export-button';
import { PagedTable, type PagedTableProps } from './paged-table';
import { ScrollRegion } from './scroll-region';

type Row<Data extends Page<object>> = Data['rows'][number];

type DeskTableProps<Data extends Page<object>, Filters extends PageFilters> = Omit<
  PagedTableProps<Data, Filters>,
  'rowKey'
> & {
  /** What the table holds, read out when its scrolling frame takes the focus. */
  label: string;
  /** The width below which the table scrolls sideways in its frame rather than squeezing. */
  minWidth: number;
  /** The list's filters, above the table. */
  toolbar?: ReactNode;
  /** Offers the rows the filters select as a CSV file, beside the filters. */
  csvExport?: CsvExport<Row<Data>>;
  /** The field that tells rows apart, or how to tell them apart when no one field does (a day and a channel). */
  rowKey: (keyof Row<Data> & string) | ((row: Row<Data>) => string);
};

/**
 * One list of an operators' desk: its filters and CSV export above, then the server-paged table (PagedTable) in a
 * frame that scrolls sideways on a narrow window and that the keyboard reaches (ScrollRegion). The export reads every
 * page with the filters and sort the table shows.
 */
export function DeskTable<Data extends Page<object>, Filters extends PageFilters = PageFilters>({
  label,
  minWidth,
  toolbar,
  csvExport,
  rowKey,
  ...tableProps
}: DeskTableProps<Data, Filters>) {
  const { paged } = tableProps;
  const keyOf = (row: Row<Data>) => (typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey]));
  return (
    <Flex vertical gap={12}>
      {toolbar || csvExport ? (
        <Flex justify="space-between" align="start" wrap gap={8}>
          <Flex align="start" wrap gap={8}>
            {toolbar}
          </Flex>
          {csvExport ? <CsvExportButton {...csvExport} readPage={paged.readPage} keyOf={keyOf} /> : null}
        </Flex>
      ) : null}
      <ScrollRegion label={label} minWidth={minWidth}>
        <PagedTable<Data, Filters> {...tableProps} rowKey={rowKey} />
      </ScrollRegion>
    </Flex>
  );
}

import { FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { useWideScreenLoading } from '@/shared/ui/use-wide-screen';
import { useLedgerPages, type LedgerFilters } from '../api/list-ledger';
import { LedgerCards } from './ledger-cards';
import { LedgerExportButton } from './ledger-export-button';
import { useWalletTranslation } from '../use-wallet-translation';

// antd's Table, and the filters' form, selects and range picker, load on a wide screen or when asked for: a phone
// shows the entries as cards with its filters folded, and downloads neither until they are opened (issue 25).
const loadRowsTable = () => import('./ledger-rows-table');
const loadFilterBar = () => import('./ledger-filter-bar');
const loadWideViews = () => Promise.all([loadRowsTable(), loadFilterBar()]);
const LedgerRowsTable = lazyNamed(loadRowsTable, 'LedgerRowsTable');
const LedgerFilterBar = lazyNamed(loadFilterBar, 'LedgerFilterBar');

interface LedgerTableProps {
  /** Drawn between the filters and the table, for the filters in force: the page puts the income/expense chart there. */
  aboveTable?: (filters: LedgerFilters) => ReactNode;
}

/** The user's income and expense, newest first, filtered on the server, with a CSV export of what the filters select. */
export function LedgerTable({ aboveTable }: LedgerTableProps) {
  const { t } = useWalletTranslation();
  const ledger = useLedgerPages();
  const wide = useWideScreenLoading(loadWideViews);
  const [filtersOpened, setFiltersOpened] = useState(false);
  const { direction, transactionType, startDate, endDate } = ledger.params;
  const filters = { direction, transactionType, startDate, endDate };
  const active = [direction, transactionType, startDate ?? endDate].filter((value) => value !== undefined).length;
  const emptyText = t(active > 0 ? 'ledger.emptyFiltered' : 'ledger.empty');
  // Until the first page, as the page drawn ahead at build time has it: nothing there that could suspend.
  const firstPage = ledger.query.isPending;
  const filterBar = (
    <Suspense fallback={<Skeleton.Input active />}>
      <LedgerFilterBar filters={filters} onChange={(next) => ledger.change({ filters: next })} stacked={!wide} />
    </Suspense>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        {wide ? null : (
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={filtersOpened}
            onClick={() => setFiltersOpened((opened) => !opened)}
            data-testid="ledger-filters-toggle"
          >
            {active > 0 ? t('ledger.filters.toggleActive', { count: active }) : t('ledger.filters.toggle')}
          </Button>
        )}
        {wide ? firstPage ? <Skeleton.Input active /> : filterBar : null}
        <LedgerExportButton filters={filters} disabled={ledger.total === 0} />
      </Flex>
      {!wide && filtersOpened ? filterBar : null}
      {aboveTable?.(filters)}
      {!wide ? (
        <LedgerCards ledger={ledger} emptyText={emptyText} />
      ) : firstPage ? (
        <Skeleton active />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <LedgerRowsTable ledger={ledger} emptyText={emptyText} />
        </Suspense>
      )}
    </Flex>
  );
}

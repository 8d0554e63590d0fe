import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import styles from './card-catalogue.module.css';

const SKELETON_CARDS = 6;

interface CardListTexts {
  listLabel: string;
  error: string;
  retry: string;
  empty: string;
  clearFilters: string;
}

interface CardListProps<Row extends { id: string }> {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data: unknown; refetch: () => unknown };
  rows: readonly Row[];
  renderCard: (row: Row) => ReactNode;
  /** Shown under the cards only (the pager), never with the skeletons or a state. */
  footer: ReactNode;
  onClearFilters: () => void;
  texts: CardListTexts;
  /** `<prefix>` on the list, `<prefix>-error`, `-retry`, `-empty` and `-clear` on its states. */
  testIdPrefix: string;
}

/**
 * A filtered page of cards: skeletons while the first page loads, the failure with a retry (a page already shown
 * stays while it is read again), "nothing matches" with a way out of the filters, or the cards.
 */
export function CardList<Row extends { id: string }>({
  query,
  rows,
  renderCard,
  footer,
  onClearFilters,
  texts,
  testIdPrefix,
}: CardListProps<Row>) {
  if (query.isPending) {
    return (
      <ul className={styles.grid} aria-hidden>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} className={styles.skeletonCard}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className={styles.state} role="alert" data-testid={`${testIdPrefix}-error`}>
        <span>{texts.error}</span>
        <Button onClick={() => void query.refetch()} data-testid={`${testIdPrefix}-retry`}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={styles.state} data-testid={`${testIdPrefix}-empty`}>
        <span>{texts.empty}</span>
        <Button onClick={onClearFilters} data-testid={`${testIdPrefix}-clear`}>
          {texts.clearFilters}
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label={texts.listLabel} aria-busy={query.isFetching} data-testid={testIdPrefix}>
        {rows.map((row) => (
          <li key={row.id}>{renderCard(row)}</li>
        ))}
      </ul>
      {footer}
    </>
  );
}

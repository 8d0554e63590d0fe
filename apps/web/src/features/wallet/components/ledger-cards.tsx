import { TransactionDirection, TransactionType } from '@suanli/contract';
import { Skeleton, Typography } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { Pager } from '@/shared/ui/pager';
import { PlainEmpty } from '@/shared/ui/plain-card';
import type { useLedgerPages } from '../api/list-ledger';
import { signedAmount } from './ledger-csv';
import styles from './ledger-cards.module.css';
import { useWalletTranslation } from '../use-wallet-translation';

/** What either view of the ledger (entries on a narrow screen, the table on a wide one) is given. */
export interface LedgerViewProps {
  ledger: ReturnType<typeof useLedgerPages>;
  emptyText: string;
}

/**
 * The ledger on a narrow screen: an entry per line, what moved and when beside the amount and the balance after it,
 * the order number under them; our own pager, so a phone loads neither antd's Table nor its page-size Select.
 */
export function LedgerCards({ ledger, emptyText }: LedgerViewProps) {
  const { t } = useWalletTranslation();
  const { query, params, rows, total, change } = ledger;
  if (query.isPending) {
    return <Skeleton active />;
  }
  if (rows.length === 0) {
    return <PlainEmpty description={emptyText} />;
  }
  return (
    <div>
      <ul className={styles.entries} aria-busy={query.isPlaceholderData} data-testid="ledger-cards">
        {rows.map((row) => (
          <li key={row.entryId} className={styles.entry} data-testid={`ledger-card-${row.entryId}`}>
            <div className={styles.line}>
              <span className={styles.what}>
                {t(`contract:${TransactionType.labelKey(row.transactionType)}`)}
                <span className={styles.quiet}>{t(`contract:${TransactionDirection.labelKey(row.direction)}`)}</span>
              </span>
              <MoneyText className={styles.amount} value={signedAmount(row)} signed />
            </div>
            <div className={`${styles.line} ${styles.quiet}`}>
              <DateTime value={row.createTime} />
              <span>
                {t('ledger.columns.balance')} <MoneyText value={row.balance} />
              </span>
            </div>
            <Typography.Text type="secondary" copyable className={styles.orderNo}>
              {row.orderNo}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Pager
        pageNum={params.pageNum}
        pageSize={params.pageSize}
        total={total}
        onPage={(pageNum) => change({ pageNum })}
        testIdPrefix="ledger-pager"
      />
    </div>
  );
}

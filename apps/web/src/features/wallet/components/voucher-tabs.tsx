import { Flex, Segmented, Typography } from 'antd';
import { useId, useState } from 'react';
import { VoucherTable } from './voucher-table';
import { useWalletTranslation } from '../use-wallet-translation';

type Tab = 'usable' | 'ended';

/**
 * The /voucher and /coupon pages' content: the usable ones of one kind, or every voucher and coupon that ended, behind
 * a segmented switch as in the recharge center.
 */
export function VoucherTabs({ kind }: { kind: 'vouchers' | 'coupons' }) {
  const { t } = useWalletTranslation();
  const panelId = useId();
  const [tab, setTab] = useState<Tab>('usable');
  return (
    <Flex vertical gap={16}>
      <Segmented<Tab>
        value={tab}
        onChange={setTab}
        aria-label={t('vouchers.tabsLabel')}
        aria-controls={panelId}
        options={(['usable', 'ended'] as const).map((value) => ({
          value,
          label: <span data-testid={`voucher-tab-${value}`}>{t(`vouchers.tabs.${value}`)}</span>,
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Typography.Text type="secondary">{t(`vouchers.hint.${kind}`)}</Typography.Text>
      <div id={panelId} role="group" aria-label={t(`vouchers.tabs.${tab}`)}>
        <VoucherTable list={tab === 'usable' ? kind : 'ended'} />
      </div>
    </Flex>
  );
}

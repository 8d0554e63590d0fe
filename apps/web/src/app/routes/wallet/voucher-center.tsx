import { Card, Flex, Segmented, Spin } from 'antd';
import { Suspense, useId, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { RechargePanel } from '@/features/wallet/components/recharge-panel';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';
import { useWalletTranslation } from '@/features/wallet/use-wallet-translation';

interface WalletTab {
  key: string;
  /** Its label, a key of the `wallet` catalogue. */
  labelKey: string;
  Panel: ComponentType;
}

// The tabs after the first load when chosen, not with the page (issue 25): the power points' tables and the transfer's
// and redemption's forms are not on the first screen.
const RedeemForm = lazyNamed(() => import('@/features/wallet/components/redeem-form'), 'RedeemForm');
const TransferForm = lazyNamed(() => import('@/features/wallet/components/transfer-form'), 'TransferForm');
const PowerPanel = lazyNamed(() => import('@/features/power/components/power-panel'), 'PowerPanel');

// The ways to add or move balance, in the order shown (spec §2: recharge, redeem, transfer), then power points.
const TABS = [
  { key: 'recharge', labelKey: 'voucherCenter.tabs.recharge', Panel: RechargePanel },
  { key: 'redeem', labelKey: 'voucherCenter.tabs.redeem', Panel: RedeemForm },
  { key: 'transfer', labelKey: 'voucherCenter.tabs.transfer', Panel: TransferForm },
  { key: 'power', labelKey: 'voucherCenter.tabs.power', Panel: PowerPanel },
] as const satisfies readonly WalletTab[];

type TabKey = (typeof TABS)[number]['key'];

/**
 * Spec §2 recharge center (recharge, redeem, transfer): the balance and vouchers, then one way of adding or moving
 * balance at a time behind a segmented switch, as in the login dialog (antd's Tabs announce their position in English
 * only).
 */
export default function VoucherCenterPage() {
  const { t } = useWalletTranslation();
  const panelId = useId();
  // The tab is in the address (?tab=power), so a link can open one: "recharge first" from the power-points tab.
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find(({ key }) => key === search.get('tab')) ?? TABS[0];
  return (
    <>
      <PageHeader title={t('routes:voucherCenter.title')} description={t('routes:voucherCenter.description')} />
      <Flex vertical gap={16}>
        <BalanceCard />
        <Card>
          <Flex vertical gap={24}>
            <Segmented<TabKey>
              value={tab.key}
              onChange={(key) => setSearch({ tab: key }, { replace: true })}
              aria-label={t('voucherCenter.tabsLabel')}
              aria-controls={panelId}
              options={TABS.map(({ key, labelKey }) => ({
                value: key,
                label: <span data-testid={`wallet-tab-${key}`}>{t(labelKey)}</span>,
              }))}
              style={{ alignSelf: 'flex-start' }}
              data-testid="wallet-tabs"
            />
            <div id={panelId} role="group" aria-label={t(tab.labelKey)}>
              <Suspense fallback={<Spin />}>
                <tab.Panel />
              </Suspense>
            </div>
          </Flex>
        </Card>
      </Flex>
    </>
  );
}

import { Card, Flex, Statistic } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { useBalance } from '../api/get-balance';
import { useWalletTranslation } from '../use-wallet-translation';

/** The balance and what the usable vouchers hold, at the top of the recharge center. */
export function BalanceCard() {
  const { t } = useWalletTranslation();
  const balance = useBalance();
  const figures = [
    { key: 'balance', title: t('balance.balance'), value: balance.data?.balance },
    { key: 'vouchers', title: t('balance.vouchers'), value: balance.data?.voucher },
  ];
  return (
    <Card title={t('balance.title')} data-testid="wallet-balance-card">
      <Flex gap={48} wrap>
        {figures.map(({ key, title, value }) => (
          <Statistic
            key={key}
            title={title}
            loading={balance.isPending}
            value={value ?? ''}
            formatter={(shown) => <MoneyText value={String(shown)} data-testid={`wallet-${key}`} />}
          />
        ))}
      </Flex>
    </Card>
  );
}

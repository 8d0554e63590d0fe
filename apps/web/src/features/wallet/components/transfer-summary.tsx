import { Descriptions, Typography } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { useWalletTranslation } from '../use-wallet-translation';

interface TransferSummaryProps {
  nickName: string;
  username: string;
  amount: string;
}

/** What the confirmation asks the user to agree to: who receives, at which account, and how much. */
export function TransferSummary({ nickName, username, amount }: TransferSummaryProps) {
  const { t } = useWalletTranslation();
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        data-testid="transfer-summary"
        items={[
          { key: 'recipient', label: t('transfer.confirm.recipient'), children: nickName },
          { key: 'account', label: t('transfer.confirm.account'), children: username },
          {
            key: 'amount',
            label: t('transfer.confirm.amount'),
            children: <MoneyText value={amount} data-testid="transfer-summary-amount" />,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('transfer.confirm.note')}
      </Typography.Paragraph>
    </>
  );
}

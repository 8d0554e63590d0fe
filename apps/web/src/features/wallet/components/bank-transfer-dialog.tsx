import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import type { BankTransfer } from '../api/open-bank-transfer';
import { useWalletTranslation } from '../use-wallet-translation';

interface BankTransferDialogProps {
  transfer: BankTransfer;
  onClose: () => void;
}

/**
 * What to pay by bank transfer: the receiving account, the amount and the remark (the order number), each copyable,
 * since a transfer is typed into another bank's app. The balance moves only when an operator sees the money arrive,
 * so the dialog says so instead of waiting for it; the order stays in the order list meanwhile.
 */
export function BankTransferDialog({ transfer, onClose }: BankTransferDialogProps) {
  const { t } = useWalletTranslation();
  const copyable = (value: string, testId: string) => (
    <Typography.Text copyable={{ text: value }} data-testid={testId}>
      {value}
    </Typography.Text>
  );
  return (
    <Modal
      open
      title={t('recharge.bank.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="bank-transfer-done">
          {t('recharge.bank.done')}
        </Button>
      }
      width={520}
      destroyOnHidden
      data-testid="bank-transfer-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text>{t('recharge.bank.intro')}</Typography.Text>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: 'accountName',
              label: t('recharge.bank.accountName'),
              children: copyable(transfer.accountName, 'bank-account-name'),
            },
            { key: 'bankName', label: t('recharge.bank.bankName'), children: copyable(transfer.bankName, 'bank-name') },
            {
              key: 'accountNumber',
              label: t('recharge.bank.accountNumber'),
              children: copyable(transfer.accountNumber, 'bank-account-number'),
            },
            {
              key: 'amount',
              label: t('recharge.bank.amount'),
              children: (
                <Typography.Text copyable={{ text: transfer.amount }} data-testid="bank-amount">
                  <MoneyText value={transfer.amount} style={{ fontWeight: 600 }} />
                </Typography.Text>
              ),
            },
            {
              key: 'remark',
              label: t('recharge.bank.remark'),
              children: (
                <Typography.Text strong copyable={{ text: transfer.remark }} data-testid="bank-remark">
                  {transfer.remark}
                </Typography.Text>
              ),
            },
          ]}
        />
        <Alert type="warning" showIcon title={t('recharge.bank.remarkHint')} />
        <Alert type="info" showIcon title={t('recharge.bank.arrival')} data-testid="bank-transfer-arrival" />
      </Flex>
    </Modal>
  );
}

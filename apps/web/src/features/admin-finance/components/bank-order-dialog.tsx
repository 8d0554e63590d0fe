import { App, Form, Input } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { useDecideBankOrder, type BankOrderRow } from '../api/bank-orders';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';

export type BankOrderVerb = 'confirm' | 'reject';

/**
 * Confirms a bank order with the amount the statement shows (the server credits it only when it is the order's
 * amount), or rejects it as never paid; either with the reason the audit log keeps.
 */
export function BankOrderDialog({
  verb,
  order,
  onClose,
}: {
  verb: BankOrderVerb;
  order: BankOrderRow;
  onClose: () => void;
}) {
  const { t } = useAdminFinanceTranslation();
  const { message } = App.useApp();
  const decide = useDecideBankOrder();
  const text = (key: string) =>
    t(`bankOrders.${verb}.${key}`, { orderNo: order.orderNo, amount: formatMoneyText(order.amount) });

  const submit = async (values: { amount?: string; reason: string }) => {
    await decide.mutateAsync(
      verb === 'confirm'
        ? { verb, orderNo: order.orderNo, amount: values.amount ?? '', reason: values.reason }
        : { verb, orderNo: order.orderNo, reason: values.reason },
    );
    void message.success(text('done'));
  };

  return (
    <ReasonDialog<{ amount?: string }>
      title={text('title')}
      description={text('description')}
      okText={text('ok')}
      danger={verb === 'reject'}
      onSubmit={submit}
      onClose={onClose}
      testId={`bank-order-${verb}`}
    >
      {verb === 'confirm' ? (
        <Form.Item
          name="amount"
          label={t('bankOrders.confirm.amount')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.receivedAmount') }]}
        >
          <Input inputMode="decimal" maxLength={16} prefix="¥" data-testid="bank-order-confirm-amount" />
        </Form.Item>
      ) : null}
    </ReasonDialog>
  );
}

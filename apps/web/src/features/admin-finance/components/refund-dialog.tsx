import { App, Form, Input } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { useRefundRecharge, type RechargeOrderRow } from '../api/recharge-refunds';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';

/**
 * Refunds part or all of a paid recharge, with the reason the audit log keeps: the amount leaves the payer's balance
 * and goes back through the provider. It sends what this operator saw refunded, so a colleague's refund meanwhile is
 * answered 409, shown here in the server's words.
 */
export function RefundDialog({ order, onClose }: { order: RechargeOrderRow; onClose: () => void }) {
  const { t } = useAdminFinanceTranslation();
  const { message } = App.useApp();
  const refund = useRefundRecharge();
  const params = {
    orderNo: order.orderNo,
    amount: formatMoneyText(order.amount),
    refunded: formatMoneyText(order.refunded),
  };

  const submit = async (values: { amount: string; reason: string }) => {
    const done = await refund.mutateAsync({ ...values, orderNo: order.orderNo, refunded: order.refunded });
    const key = done.status === 'refused' ? 'refunds.refund.refused' : 'refunds.refund.done';
    void (done.status === 'refused' ? message.warning : message.success)(t(key, params));
  };

  return (
    <ReasonDialog<{ amount: string }>
      title={t('refunds.refund.title', params)}
      description={t('refunds.refund.description', params)}
      okText={t('refunds.refund.ok')}
      danger
      onSubmit={submit}
      onClose={onClose}
      testId="refund"
    >
      <Form.Item
        name="amount"
        label={t('refunds.refund.amount')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.finance.refundAmount') }]}
      >
        <Input inputMode="decimal" maxLength={16} prefix="¥" data-testid="refund-amount" />
      </Form.Item>
    </ReasonDialog>
  );
}

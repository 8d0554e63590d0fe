import { App, Form, Input } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { useDecideWithdrawal, type WithdrawalRow } from '../api/withdrawals';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';

export type WithdrawalVerb = 'complete' | 'reject';

/**
 * Approves a submitted withdrawal once its payout is sent (the fee goes to the platform), or rejects it with a note
 * the partner reads (the held amount returns to their earnings); either with the reason the audit log keeps.
 */
export function WithdrawalDialog({
  verb,
  withdrawal,
  onClose,
}: {
  verb: WithdrawalVerb;
  withdrawal: WithdrawalRow;
  onClose: () => void;
}) {
  const { t } = useAdminFinanceTranslation();
  const { message } = App.useApp();
  const decide = useDecideWithdrawal();
  const text = (key: string) =>
    t(`withdrawals.${verb}.${key}`, {
      payee: withdrawal.payeeName,
      payout: formatMoneyText(withdrawal.payout),
      amount: formatMoneyText(withdrawal.amount),
    });

  const submit = async ({ note, reason }: { note?: string; reason: string }) => {
    await decide.mutateAsync({ id: withdrawal.id, decision: verb, note, reason });
    void message.success(text('done'));
  };

  return (
    <ReasonDialog<{ note?: string }>
      title={text('title')}
      description={text('description')}
      okText={text('ok')}
      danger={verb === 'reject'}
      onSubmit={submit}
      onClose={onClose}
      testId={`withdrawal-${verb}`}
    >
      {verb === 'reject' ? (
        <Form.Item
          name="note"
          label={t('withdrawals.reject.note')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.rejectionNote') }]}
        >
          <Input.TextArea maxLength={200} rows={3} data-testid="withdrawal-reject-note" />
        </Form.Item>
      ) : null}
    </ReasonDialog>
  );
}

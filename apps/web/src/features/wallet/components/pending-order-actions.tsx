import { App, Button, Popconfirm, Space, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useCancelOrder } from '../api/cancel-order';
import type { OrderRow } from '../api/list-orders';
import { BankTransferDialog, RechargeDialog } from './payment-views';
import { useWalletTranslation } from '../use-wallet-translation';

/**
 * What a pending recharge offers in the order list (issue 19 §3): resume it (its QR again while it lasts, the
 * provider's payment page it was opened on, or the remittance details of a bank transfer) or cancel it, after a
 * confirmation. Other orders offer nothing.
 */
export function PendingOrderActions({ row }: { row: OrderRow }) {
  const { t } = useWalletTranslation();
  const { message } = App.useApp();
  const [resumed, setResumed] = useState<{ deadline: number } | null>(null);
  const cancel = useCancelOrder();
  if (row.kind !== 'recharge' || row.status !== 'pendingPayment' || !row.channel) {
    return null;
  }
  const { channel, resume } = row;
  const testId = `order-${row.orderNo}`;
  const confirmCancel = () =>
    cancel.mutate(
      { channel, orderNo: row.orderNo },
      {
        onSuccess: ({ status }) =>
          void message.success(t(status === 'paid' ? 'orders.actions.paid' : 'orders.actions.cancelled')),
      },
    );
  return (
    <Space size={4}>
      {resume ? (
        <Button
          size="small"
          type="link"
          onClick={() =>
            resume.kind === 'page'
              ? window.location.assign(resume.payUrl)
              : setResumed({ deadline: Date.now() + (resume.kind === 'qr' ? resume.expiresIn * 1_000 : 0) })
          }
          data-testid={`${testId}-resume`}
        >
          {t('orders.actions.resume')}
        </Button>
      ) : null}
      <Popconfirm
        title={t('orders.actions.cancelConfirm')}
        okText={t('orders.actions.cancelOk')}
        cancelText={t('orders.actions.keep')}
        onConfirm={confirmCancel}
        okButtonProps={{ 'data-testid': `${testId}-cancel-ok` } as ButtonProps}
      >
        <Button size="small" type="link" danger loading={cancel.isPending} data-testid={`${testId}-cancel`}>
          {t('orders.actions.cancel')}
        </Button>
      </Popconfirm>
      {resumed && resume?.kind === 'qr' && channel !== 'bank' ? (
        <RechargeDialog
          channel={channel}
          amount={Number(row.amount)}
          order={{
            orderNo: row.orderNo,
            codeUrl: resume.codeUrl,
            expiresIn: resume.expiresIn,
            expireTime: new Date(resumed.deadline).toISOString(),
            sandbox: resume.sandbox,
          }}
          deadline={resumed.deadline}
          onClose={() => setResumed(null)}
        />
      ) : null}
      {resumed && resume?.kind === 'bank' ? (
        <BankTransferDialog
          transfer={{ ...resume, orderNo: row.orderNo, amount: row.amount }}
          onClose={() => setResumed(null)}
        />
      ) : null}
    </Space>
  );
}

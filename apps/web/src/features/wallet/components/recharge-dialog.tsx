import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { MoneyText } from '@/shared/ui/money-text';
import { useCountdown } from '@/shared/ui/use-countdown';
import { walletKeys } from '../api/keys';
import { useCancelRecharge, usePaymentStatus, type RechargeChannel, type RechargeOrder } from '../api/recharge';
import { useWalletTranslation } from '../use-wallet-translation';

interface RechargeDialogProps {
  channel: RechargeChannel;
  amount: number;
  order: RechargeOrder;
  /** When the QR expires, in this browser's time. */
  deadline: number;
  onClose: () => void;
}

// The server sets each QR's life (five minutes today); the count only never shows more than this.
const LONGEST_QR_SECONDS = 30 * 60;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The QR of one recharge order with its countdown (spec §4 "Payment"). It polls the order and shows success the moment
 * it is paid. When the count ends it closes the order at the provider and shows it invalid; closing the dialog
 * while the order is pending cancels it, so a QR nobody watches can no longer be paid.
 */
export function RechargeDialog({ channel, amount, order, deadline, onClose }: RechargeDialogProps) {
  const { t } = useWalletTranslation();
  const queryClient = useQueryClient();
  const { left } = useCountdown(deadline, LONGEST_QR_SECONDS);
  const polled = usePaymentStatus(order.orderNo).data?.status ?? 'pending';
  const cancel = useCancelRecharge(channel, order.orderNo);
  const status = polled === 'pending' && left === 0 ? 'invalid' : polled;
  const closedAtExpiry = useRef(false);

  // The whole wallet root: the header's balance and VIP growth move with the balance, orders, ledger and chart.
  useEffect(() => {
    if (polled === 'paid') {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    }
  }, [polled, queryClient]);

  useEffect(() => {
    if (left === 0 && polled === 'pending' && !closedAtExpiry.current) {
      closedAtExpiry.current = true;
      cancel.mutate();
    }
  }, [left, polled, cancel]);

  const close = () => {
    if (status === 'pending') {
      cancel.mutate();
    }
    onClose();
  };

  return (
    <Modal
      open
      title={t('recharge.dialog.title')}
      onCancel={close}
      footer={null}
      width={420}
      destroyOnHidden
      data-testid="recharge-dialog"
    >
      {status === 'paid' ? (
        <Result
          status="success"
          title={t('recharge.dialog.paid')}
          subTitle={<MoneyText value={amount.toFixed(2)} />}
          extra={
            <Button type="primary" onClick={onClose} data-testid="recharge-done">
              {t('recharge.dialog.done')}
            </Button>
          }
          data-testid="recharge-paid"
        />
      ) : status === 'pending' ? (
        <Flex vertical align="center" gap={12}>
          <Typography.Text>
            {t(`recharge.dialog.scan.${channel}`)} <MoneyText value={amount.toFixed(2)} style={{ fontWeight: 600 }} />
          </Typography.Text>
          <QRCode value={order.codeUrl} size={200} bordered={false} data-testid="recharge-qr" />
          <Typography.Text type="secondary" role="timer" aria-live="off" data-testid="recharge-countdown">
            {t('recharge.dialog.countdown', { time: `${pad(Math.floor(left / 60))}:${pad(left % 60)}` })}
          </Typography.Text>
          <Flex align="center" gap={8}>
            <Spin size="small" />
            <Typography.Text type="secondary">{t('recharge.dialog.waiting')}</Typography.Text>
          </Flex>
          {order.sandbox ? (
            <Alert
              type="warning"
              showIcon
              title={t('recharge.dialog.sandbox')}
              description={
                <Typography.Link
                  href={order.codeUrl}
                  target="_blank"
                  rel="noopener"
                  data-testid="recharge-cashier-link"
                >
                  {t('recharge.dialog.openCashier')}
                </Typography.Link>
              }
              data-testid="recharge-sandbox"
            />
          ) : null}
          <Button onClick={close} loading={cancel.isPending} data-testid="recharge-cancel">
            {t('recharge.dialog.cancel')}
          </Button>
        </Flex>
      ) : (
        <Result
          status="warning"
          title={status === 'invalid' ? t('recharge.dialog.invalid') : t('recharge.dialog.cancelled')}
          extra={
            <Button type="primary" onClick={onClose} data-testid="recharge-again">
              {t('recharge.dialog.again')}
            </Button>
          }
          data-testid={`recharge-${status}`}
        />
      )}
    </Modal>
  );
}

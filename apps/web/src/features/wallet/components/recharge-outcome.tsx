import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import { MoneyText } from '@/shared/ui/money-text';
import { useBalance } from '../api/get-balance';
import { walletKeys } from '../api/keys';
import { usePaymentStatus } from '../api/recharge';
import { useWalletTranslation } from '../use-wallet-translation';

interface RechargeOutcomeProps {
  orderNo: string;
  onDone: () => void;
}

/**
 * Where an order paid on Alipay's mobile-website page stands once its payer is back from Alipay: polled until Alipay's
 * word reaches the server (its notification, or the server's own query a minute on), then paid with the new balance,
 * or closed unpaid.
 */
export function RechargeOutcome({ orderNo, onDone }: RechargeOutcomeProps) {
  const { t } = useWalletTranslation();
  const queryClient = useQueryClient();
  const polled = usePaymentStatus(orderNo);
  const status = polled.data?.status;
  const balance = useBalance();

  // The whole wallet root, as the QR dialog does: the header's balance and VIP growth move with the balance.
  useEffect(() => {
    if (status === 'paid') {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    }
  }, [status, queryClient]);

  const body = (() => {
    if (polled.isError) {
      const message = isHttpError(polled.error) ? errorText(polled.error, t) : null;
      return (
        <Result
          status="warning"
          title={message ?? t('recharge.outcome.unknown')}
          data-testid="recharge-outcome-error"
        />
      );
    }
    if (!status || status === 'pending') {
      return (
        <Flex vertical align="center" gap={8} data-testid="recharge-outcome-pending">
          <Spin />
          <Typography.Text strong>{t('recharge.outcome.pending')}</Typography.Text>
          <Typography.Text type="secondary">{t('recharge.outcome.pendingHint')}</Typography.Text>
        </Flex>
      );
    }
    if (status === 'paid') {
      return (
        <Result
          status="success"
          title={t('recharge.dialog.paid')}
          subTitle={
            <>
              {t('recharge.outcome.balance')}{' '}
              {balance.data ? <MoneyText value={balance.data.balance} data-testid="recharge-outcome-balance" /> : null}
            </>
          }
          extra={
            <Button type="primary" onClick={onDone} data-testid="recharge-outcome-done">
              {t('recharge.dialog.done')}
            </Button>
          }
          data-testid="recharge-outcome-paid"
        />
      );
    }
    return (
      <Result
        status="warning"
        title={t(status === 'invalid' ? 'recharge.outcome.invalid' : 'recharge.outcome.closed')}
        extra={
          <Button type="primary" onClick={onDone} data-testid="recharge-outcome-done">
            {t('recharge.outcome.again')}
          </Button>
        }
        data-testid={`recharge-outcome-${status}`}
      />
    );
  })();

  return (
    <Card
      size="small"
      title={t('recharge.outcome.title', { orderNo })}
      aria-live="polite"
      data-testid="recharge-outcome"
    >
      {body}
    </Card>
  );
}

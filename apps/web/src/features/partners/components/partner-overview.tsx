import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { usePartnerAmounts, usePaymentAccount, usePromotionChannel } from '../api/partners';
import { AccountDialog } from './account-dialog';
import { AmountStatistic } from './amount-statistic';
import { WithdrawDialog } from './withdraw-dialog';
import { usePartnersTranslation } from '../use-partners-translation';

/** The partner's channel and link, their earnings and the two actions: the payment account and a withdrawal. */
export function PartnerOverview() {
  const { t } = usePartnersTranslation();
  const { message } = App.useApp();
  const channel = usePromotionChannel();
  const amounts = usePartnerAmounts();
  const account = usePaymentAccount();
  const [dialog, setDialog] = useState<'account' | 'withdraw' | null>(null);

  const openWithdraw = () => {
    if (!account.data) {
      void message.warning(t('withdraw.setAccountFirst'));
      return;
    }
    setDialog('withdraw');
  };

  const link = channel.data ? `${window.location.origin}${channel.data.linkPath}` : '';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('channel.title')} loading={channel.isPending} data-testid="partner-channel">
        {channel.data ? (
          <>
            {channel.data.status === 'none' ? (
              <Alert type="info" showIcon title={t('channel.join')} style={{ marginBottom: 16 }} />
            ) : null}
            {channel.data.status === 'revoked' ? (
              <Alert type="error" showIcon title={t('channel.revoked')} style={{ marginBottom: 16 }} />
            ) : null}
            <Descriptions
              column={1}
              items={[
                {
                  key: 'status',
                  label: t('channel.title'),
                  children: <Tag data-testid="partner-status">{t(`channel.status.${channel.data.status}`)}</Tag>,
                },
                {
                  key: 'link',
                  label: t('channel.link'),
                  children: (
                    <Typography.Text copyable={{ text: link }} data-testid="partner-link">
                      {link}
                    </Typography.Text>
                  ),
                },
                { key: 'code', label: t('channel.code'), children: channel.data.invitationCode },
                {
                  key: 'ratio',
                  label: t('channel.ratio'),
                  children: t('channel.ratioValue', { ratio: channel.data.incomeRatio }),
                },
              ]}
            />
          </>
        ) : null}
      </Card>
      <Card
        title={t('amounts.title')}
        loading={amounts.isPending}
        extra={
          <Space>
            <Button onClick={() => setDialog('account')} data-testid="partner-account">
              {t('actions.account')}
            </Button>
            <Button type="primary" onClick={openWithdraw} disabled={!amounts.data} data-testid="partner-withdraw">
              {t('actions.withdraw')}
            </Button>
          </Space>
        }
      >
        {amounts.data ? (
          <>
            <Space size="large" wrap>
              <AmountStatistic title={t('amounts.earnings')} value={amounts.data.earnings} testId="partner-earnings" />
              <AmountStatistic
                title={t('amounts.withdrawable')}
                value={amounts.data.withdrawable}
                testId="partner-withdrawable"
              />
              <AmountStatistic title={t('amounts.inReview')} value={amounts.data.inReview} testId="partner-in-review" />
              <AmountStatistic title={t('amounts.held')} value={amounts.data.held} testId="partner-held" />
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
              {t('amounts.rules', {
                threshold: amounts.data.threshold,
                minimum: amounts.data.minimum,
                general: amounts.data.feeRates.vatGeneral,
                special: amounts.data.feeRates.vatSpecial,
              })}
            </Typography.Paragraph>
          </>
        ) : null}
      </Card>
      {dialog === 'account' && !account.isPending ? (
        <AccountDialog account={account.data ?? null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'withdraw' && account.data && amounts.data ? (
        <WithdrawDialog account={account.data} amounts={amounts.data} onClose={() => setDialog(null)} />
      ) : null}
    </Space>
  );
}

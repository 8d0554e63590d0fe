import { Alert, Flex } from 'antd';
import { Trans } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import { useRechargeReturn } from '../api/get-recharge-return';
import { useWalletTranslation } from '../use-wallet-translation';

/** The recharge-return promotion in force, tier by tier; nothing when none is. */
export function RechargeReturnNotice() {
  const { t } = useWalletTranslation();
  const promotion = useRechargeReturn().data;
  if (!promotion?.active) {
    return null;
  }
  return (
    <Alert
      type="success"
      showIcon
      message={t('rechargeReturn.title')}
      description={
        <Flex vertical gap={4}>
          {promotion.tiers.map((tier) => (
            <span key={tier.threshold} data-testid="recharge-return-tier">
              <Trans
                t={t}
                i18nKey="rechargeReturn.tier"
                values={{ days: tier.validDays }}
                components={{
                  threshold: <MoneyText value={tier.threshold} />,
                  voucher: <MoneyText value={tier.voucherAmount} />,
                }}
              />
            </span>
          ))}
          <span>{t('rechargeReturn.note')}</span>
        </Flex>
      }
      style={{ flex: '1 1 280px', maxWidth: 420 }}
      data-testid="recharge-return"
    />
  );
}

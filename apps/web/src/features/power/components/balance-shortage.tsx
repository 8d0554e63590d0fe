import { Alert } from 'antd';
import { Link } from 'react-router';
import { isHttpError } from '@/shared/http';
import { usePowerTranslation } from '../use-power-translation';

/** The wallet's refusal of a charge the balance does not cover (422, naming the amount). */
export function isBalanceShort(error: unknown): error is { serverMessage: string } {
  return isHttpError(error) && error.kind === 'response' && error.code === 422 && error.field === 'amount';
}

/** The server's words for a short balance, with the way to top it up: the recharge tab of this page. */
export function BalanceShortage({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = usePowerTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose, 'aria-label': t('shortage.close') }}
      title={message}
      description={t('shortage.hint')}
      action={
        <Link to="/voucherCenter?tab=recharge" data-testid="power-recharge-link">
          {t('shortage.recharge')}
        </Link>
      }
      data-testid="power-balance-short"
    />
  );
}

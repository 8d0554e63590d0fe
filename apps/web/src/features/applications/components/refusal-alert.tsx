import { Alert } from 'antd';
import { Link } from 'react-router';
import { errorText, isHttpError } from '@/shared/http';
import { useApplicationsTranslation } from '../use-applications-translation';

type RefusalKind = 'balance' | 'realName' | 'other';

/**
 * Which refusal the server gave: a short balance names the amount (the wallet's 422), real-name verification is
 * told by its message from the contract's catalogue, which the server answered in the console's language.
 */
function kindOf(error: unknown, realNameMessage: string): RefusalKind {
  if (!isHttpError(error) || error.kind !== 'response' || error.code !== 422) {
    return 'other';
  }
  if (error.field === 'amount') {
    return 'balance';
  }
  return error.serverMessage === realNameMessage ? 'realName' : 'other';
}

/** A refused rental or renewal in the server's words, with the way forward: recharge, or verify one's real name. */
export function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useApplicationsTranslation();
  const kind = kindOf(error, t('contract:applications.realNameRequired'));
  const text = isHttpError(error) ? errorText(error, (key) => t(key)) : null;
  const action =
    kind === 'balance' ? (
      <Link to="/voucherCenter?tab=recharge" data-testid="app-refusal-recharge">
        {t('refusal.recharge')}
      </Link>
    ) : kind === 'realName' ? (
      <Link to="/userCenter" data-testid="app-refusal-real-name">
        {t('refusal.realName')}
      </Link>
    ) : null;
  return (
    <Alert
      type="error"
      showIcon
      title={text ?? t('refusal.unknown')}
      action={action}
      role="alert"
      data-testid="app-refusal"
      data-kind={kind}
    />
  );
}

import { isEmail, isPhone } from '@suanli/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailRegisteredQueryOptions } from '../api/get-user-by-mail';
import { phoneRegisteredQueryOptions } from '../api/get-user-by-phone-number';

/**
 * Spec §4 step 2, on the username's blur: an e-mail or a mainland phone is looked up, anything else earns a
 * warning. `onChecked` hears which account was looked up and whether it exists; a failed lookup (already reported)
 * changes nothing.
 */
export function useAccountCheck(onChecked: (account: string, registered: boolean) => void) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return async (value: string) => {
    const account = value.trim();
    if (!account) {
      return;
    }
    if (!isEmail(account) && !isPhone(account)) {
      void message.warning(t('validation.accountFormat'));
      return;
    }
    const options = isEmail(account) ? mailRegisteredQueryOptions(account) : phoneRegisteredQueryOptions(account);
    const registered = await queryClient.fetchQuery(options).catch(() => null);
    if (registered !== null) {
      onChecked(account, registered);
    }
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { fetchBenefitType } from '../api/check-benefit';
import { currentUserQueryOptions } from '../api/get-user-info';
import { vipInfoQueryOptions } from '../api/get-vip-info';
import { useBenefitDialog } from './benefit-dialog-store';

/**
 * Spec §4 step 4, shared by every way in (password, code, registration, WeChat): store the token, load VIP info, load
 * user info, say 'Login successful', close the dialog, then ask whether a benefit popup is due.
 */
export function useCompleteLogin() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return useCallback(
    async (token: string) => {
      const session = useSession.getState();
      session.setToken(token);
      // The scene key of a WeChat scan is spent once it has led to a session.
      session.setEventKey('');
      // Either load may fail (the client has said why); the session itself is valid, so login still completes.
      await queryClient.fetchQuery({ ...vipInfoQueryOptions(), staleTime: 0 }).catch(() => null);
      await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => null);
      void message.success(t('login.success'));
      // Other dialogs (the platform notice) wait from here until the check has answered (issue 9).
      const benefitDialog = useBenefitDialog.getState();
      benefitDialog.startChecking();
      useLoginDialog.getState().hide();
      const benefit = await fetchBenefitType().catch(() => null);
      if (benefit) {
        benefitDialog.show(benefit);
      } else {
        benefitDialog.settle();
      }
    },
    [message, queryClient, t],
  );
}

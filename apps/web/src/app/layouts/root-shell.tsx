import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-user-info';
import { useVipInfo } from '../../features/auth/api/get-vip-info';
import { LoginDialog } from '../../features/auth/components/login-dialog';
import type { RouteHandle } from '../routes/route-meta';

function useDocumentTitle() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle ? `${t(handle.titleKey)} - ${t('common:appName')}` : t('common:appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Above every layout: the global login dialog (spec §2), the document title, and the session's user and VIP record,
 * loaded whenever a token exists (a page opened with a stored token as much as a fresh login).
 */
export function RootShell() {
  useDocumentTitle();
  useCurrentUser();
  useVipInfo();
  return (
    <>
      <Outlet />
      <LoginDialog />
    </>
  );
}

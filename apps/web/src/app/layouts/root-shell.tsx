import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
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

/** Above every layout: the global login dialog (spec §2) and the document title. */
export function RootShell() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <LoginDialog />
    </>
  );
}

import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-user-info';
import { useVipInfo } from '@/features/auth/api/get-vip-info';
import { LoginDialog } from '@/features/auth/components/login-dialog';
import { PermissionsContext } from '@/shared/ui/permissions-context';
import type { RouteHandle } from '../routes/route-meta';

/** The browser tab's title on a page: the page's own title, then the product's name. */
export function pageTitle(t: TFunction, titleKey: string | undefined): string {
  return titleKey ? `${t(titleKey)} - ${t('common:appName')}` : t('common:appName');
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = pageTitle(t, handle?.titleKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The path on screen, on <html data-path>, set again after every navigation once its page has been committed (also
 * when a guard sent the user back where they were), so whoever follows the console from outside (the browser journeys
 * after a navigation inside the app) knows when it has settled and where.
 */
function useShownPath() {
  const location = useLocation();
  useEffect(() => {
    document.documentElement.dataset.path = location.pathname;
  }, [location]);
}

// A stable empty list for a guest, so the gates below do not re-render on every render of the shell.
const NO_PERMISSIONS: readonly [] = [];

/**
 * Above every layout: the global login dialog (spec §2), the document title, and the session's user and VIP record,
 * loaded whenever a token exists (a page opened with a stored token as much as a fresh login). The user's permissions
 * reach shared permission gates from here, since shared code may not read the auth feature's query.
 */
export function RootShell() {
  useDocumentTitle();
  useShownPath();
  const permissions = useCurrentUser().data?.permissions ?? NO_PERMISSIONS;
  useVipInfo();
  return (
    <PermissionsContext value={permissions}>
      <Outlet />
      <LoginDialog />
    </PermissionsContext>
  );
}

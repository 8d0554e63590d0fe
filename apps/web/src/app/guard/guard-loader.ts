import type { QueryClient } from '@tanstack/react-query';
import { redirect, replace, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { verifiedStatusQueryOptions, type VerifiedStatusValue } from '@/features/auth/api/get-verified';
import { i18n } from '@/shared/i18n';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { notify } from '@/shared/ui/message-bridge';
import { findRoute } from '../routes/route-table';
import type { RouteMeta } from '../routes/route-meta';
import { decideAfterVerification, decideNavigation, isDuplicateNavigation, readInvitationCode } from './guard-decision';

export interface GuardDependencies {
  /** The user's real-name verification status; rejects when the check fails (the client has said why). */
  verify: () => Promise<VerifiedStatusValue>;
  /** The page the user is on while a navigation runs; null on the first load. */
  previousHref: () => string | null;
  /** The app's cache, where the check's answer is kept like any other server data. */
  queryClient: QueryClient;
}

async function passVerification(route: RouteMeta, dependencies: GuardDependencies): Promise<void> {
  const { queryClient, verify } = dependencies;
  const status = await queryClient.fetchQuery(verifiedStatusQueryOptions(verify)).catch(() => null);
  const previous = dependencies.previousHref();
  const outcome = decideAfterVerification(status, route, previous !== null);
  if (status !== null && status !== '1') {
    notify.warning(i18n.t('common:guard.verificationRequired'));
  }
  if (outcome.kind === 'stay') {
    // Replacing with the current page cancels the navigation without a new history entry.
    throw replace(previous ?? '/');
  }
  if (outcome.kind === 'redirect') {
    throw replace(outcome.to);
  }
}

/**
 * The guard of spec §2 as the root route's loader: it runs before every navigation settles, lazy chunks loading in
 * parallel, so a refused route never renders.
 */
export function createGuardLoader(dependencies: GuardDependencies) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const session = useSession.getState();
    const invitationCode = readInvitationCode(url.search);
    if (invitationCode) {
      session.setInvitationCode(invitationCode);
    }
    const route = findRoute(url.pathname);
    const decision = decideNavigation(route, session.token !== null);
    if (decision.kind === 'login') {
      useLoginDialog.getState().show();
      throw redirect(decision.redirectTo);
    }
    if (decision.kind === 'verify' && route) {
      await passVerification(route, dependencies);
    }
    return null;
  };
}

/** Runs the guard on every navigation except a duplicate one (same path and query), which is ignored. */
export function guardShouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return !isDuplicateNavigation(currentUrl, nextUrl);
}

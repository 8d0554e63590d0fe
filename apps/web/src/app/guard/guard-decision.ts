import { VERIFIED_STATUS } from '@suanli/contract';

/** The flags of a route that the guard reads. */
export interface GuardedRoute {
  noPermission?: boolean;
  isAuth?: boolean;
  cancelPass?: boolean;
}

export interface Place {
  pathname: string;
  search: string;
}

export type GuardDecision = { kind: 'proceed' } | { kind: 'verify' } | { kind: 'login'; redirectTo: '/' };

export type VerificationOutcome = { kind: 'proceed' } | { kind: 'stay' } | { kind: 'redirect'; to: '/' };

/** Spec §2: navigating to the place the user is already on is ignored. */
export function isDuplicateNavigation(from: Place | null, to: Place): boolean {
  return from !== null && from.pathname === to.pathname && from.search === to.search;
}

/** Spec §2: the invitationCode query parameter of any URL, remembered on every navigation. */
export function readInvitationCode(search: string): string | null {
  const code = new URLSearchParams(search).get('invitationCode');
  return code ? code : null;
}

/**
 * Spec §2: with a token, or on an open route, navigation continues, except that an isAuth route checks the
 * verification status first; without a token on a closed route the login dialog opens and the user goes to root.
 * A path no route claims passes here; the catch-all route sends it to root.
 */
export function decideNavigation(route: GuardedRoute | undefined, hasToken: boolean): GuardDecision {
  if (!route) {
    return { kind: 'proceed' };
  }
  if (hasToken || route.noPermission) {
    return route.isAuth ? { kind: 'verify' } : { kind: 'proceed' };
  }
  return { kind: 'login', redirectTo: '/' };
}

/**
 * Spec §2: status '1' passes. Otherwise the route does not pass (unless it sets cancelPass): the user stays where
 * they were, or goes to root when the guarded route was the first page loaded. `status` is null when the check
 * itself failed.
 */
export function decideAfterVerification(
  status: string | null,
  route: GuardedRoute,
  hasPreviousPage: boolean,
): VerificationOutcome {
  if (status === VERIFIED_STATUS.verified || route.cancelPass === true) {
    return { kind: 'proceed' };
  }
  return hasPreviousPage ? { kind: 'stay' } : { kind: 'redirect', to: '/' };
}

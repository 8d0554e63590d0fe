import { rootKeys } from '@/shared/query/root-keys';

/**
 * Query keys of the invite page, under the wallet root: the rewards are vouchers, so whatever refreshes the wallet
 * (a recharge, a charge) refreshes the invited list too, and both leave with the session.
 */
export const invitesKeys = {
  all: [...rootKeys.wallet, 'invites'] as const,
  code: () => [...invitesKeys.all, 'code'] as const,
  invited: () => [...invitesKeys.all, 'invited'] as const,
};

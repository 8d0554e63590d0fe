/**
 * Root query keys of the areas whose data one action changes across features: a recharge moves the balance (wallet),
 * the VIP growth (account) and the orders (wallet) at once, so its mutation invalidates those roots rather than
 * reaching into another feature's key factory. Every feature key factory for such data starts from one of these.
 */
export const rootKeys = {
  /** The signed-in user: identity, permissions, VIP, verification, profile, security settings. */
  account: ['account'] as const,
  /** Balance, vouchers, orders, the income and expense ledger. */
  wallet: ['wallet'] as const,
  /** GPU applications and their status summary. */
  compute: ['compute'] as const,
};

/** The roots that hold one user's data; they are dropped when the session ends, so the next user never sees them. */
export const USER_ROOTS = [rootKeys.account, rootKeys.wallet, rootKeys.compute] as const;

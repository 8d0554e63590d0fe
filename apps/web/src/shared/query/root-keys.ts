/**
 * Root query keys of the areas whose data one action changes across features: a recharge moves the balance, the VIP
 * growth, the orders and the ledger at once, all under the wallet root, so its mutation invalidates that root rather
 * than reaching into another feature's key factory. Every feature key factory for such data starts from one of these.
 */
export const rootKeys = {
  /** The signed-in user: identity, permissions, verification, profile, security settings. */
  account: ['account'] as const,
  /** Whatever money moves: balance, vouchers, VIP growth, orders, the income and expense ledger and its chart. */
  wallet: ['wallet'] as const,
  /** GPU applications and their status summary. */
  compute: ['compute'] as const,
  /** The cloud space: its folders and files and the storage they use. */
  cloudSpace: ['cloudSpace'] as const,
};

/** The roots that hold one user's data; they are dropped when the session ends, so the next user never sees them. */
export const USER_ROOTS = [rootKeys.account, rootKeys.wallet, rootKeys.compute, rootKeys.cloudSpace] as const;

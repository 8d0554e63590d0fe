import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { walletRoutes } from './wallet.routes.js';
import { walletService, type WalletService } from './wallet.service.js';

export type { Posting } from './ledger.queries.js';
export type { WalletService } from './wallet.service.js';

/** Wallets and their ledger (ARCHITECTURE §4): balances, income and expense, transfers. */
export function createWalletModule({
  db,
  clock,
  config,
  users,
}: Platform & { users: UsersService }): Module<WalletService> {
  const service = walletService({ db, clock, timeZone: config.TZ_BUSINESS, users });
  return { service, routes: walletRoutes(service) };
}

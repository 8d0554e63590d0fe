import type { Module, Platform } from '../../platform.js';
import type { ObjectStore } from '../../providers/object-store/index.js';
import type { WalletService } from '../wallet/index.js';
import { invoicesAdminService } from './invoices.admin.service.js';
import { invoicesRoutes } from './invoices.routes.js';
import { invoicesService, type InvoicesService } from './invoices.service.js';

export type { InvoicesService } from './invoices.service.js';

/**
 * Invoices (spec §7 "Invoices", decision 0029): invoice information, applications against what the user recharged
 * (read from the wallet's ledger), and the finance operators who complete them with a file or reject them.
 */
export function createInvoicesModule({
  db,
  clock,
  log,
  wallet,
  objectStore,
}: Platform & { wallet: WalletService; objectStore: ObjectStore }): Module<InvoicesService> {
  const service = invoicesService({ db, clock, store: objectStore, wallet });
  const admin = invoicesAdminService({ db, clock, store: objectStore, log });
  return { service, routes: invoicesRoutes(service, admin) };
}

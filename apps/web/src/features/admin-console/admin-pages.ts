import type { OperatorArea } from '@suanli/contract';

/** One page of the operations console, shown in its menu to the holders of its area only. */
export interface AdminPage {
  /** The `adminConsole` catalogue's `pages.<key>` and the menu item's test id. */
  key: string;
  /** Under /admin/. */
  path: string;
  /** `any`: every operator's (the dashboard, whose sections follow the areas they hold). */
  area: OperatorArea | 'any';
}

/**
 * The console's pages, in menu order: only pages that exist; each area's screens join as they are built. The first is
 * where /admin opens.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { key: 'dashboard', path: 'dashboard', area: 'any' },
  { key: 'auditLog', path: 'audit', area: 'admin' },
  { key: 'operators', path: 'operators', area: 'admin' },
  { key: 'imageReview', path: 'review/images', area: 'review' },
  { key: 'partners', path: 'review/partners', area: 'review' },
  { key: 'feedback', path: 'support/feedback', area: 'support' },
  { key: 'consultations', path: 'support/consultations', area: 'support' },
  { key: 'bankOrders', path: 'finance/bank-orders', area: 'finance' },
  { key: 'invoices', path: 'finance/invoices', area: 'finance' },
  { key: 'withdrawals', path: 'finance/withdrawals', area: 'finance' },
  { key: 'redeem', path: 'finance/redeem', area: 'finance' },
  { key: 'fleetHosts', path: 'fleet/hosts', area: 'fleet' },
  { key: 'fleetPrices', path: 'fleet/prices', area: 'fleet' },
  { key: 'users', path: 'users', area: 'support' },
  { key: 'notices', path: 'support/notices', area: 'support' },
  { key: 'catalogueImages', path: 'review/catalogue/images', area: 'review' },
  { key: 'catalogueTypes', path: 'review/catalogue/types', area: 'review' },
  { key: 'catalogueModels', path: 'review/catalogue/models', area: 'review' },
  { key: 'refunds', path: 'finance/refunds', area: 'finance' },
  { key: 'reconciliations', path: 'finance/reconciliations', area: 'finance' },
  { key: 'ledgerCheck', path: 'finance/ledger-check', area: 'finance' },
];

/** The pages an operator holding these areas may open; none for a user. */
export const pagesFor = (areas: readonly OperatorArea[]) =>
  areas.length === 0 ? [] : ADMIN_PAGES.filter((page) => page.area === 'any' || areas.includes(page.area));

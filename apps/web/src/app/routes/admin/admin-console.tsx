import { Navigate, Route, Routes } from 'react-router';
import type { AdminPage } from '@/features/admin-console/admin-pages';
import { AdminLayout } from './admin-layout';
import { AuditLogPage } from './audit-log-page';
import { BankOrdersPage } from './bank-orders-page';
import { InvoicesPage } from './invoices-page';
import { WithdrawalsPage } from './withdrawals-page';
import { RedeemPage } from './redeem-page';
import { OperatorsPage } from './operators-page';
import { ConsultationsPage } from './consultations-page';
import { FeedbackPage } from './feedback-page';
import { ImageReviewPage } from './image-review-page';
import { PartnersPage } from './partners-page';
import { FleetHostsPage } from './fleet-hosts-page';
import { FleetPricesPage } from './fleet-prices-page';
import { UsersPage } from './users-page';
import { DashboardPage } from './dashboard-page';
import { NoticesPage } from './notices-page';
import { CatalogueImagesPage } from './catalogue-images-page';
import { CatalogueTypesPage } from './catalogue-types-page';
import { CatalogueModelsPage } from './catalogue-models-page';
import { RefundsPage } from './refunds-page';
import { ReconciliationsPage } from './reconciliations-page';
import { LedgerCheckPage } from './ledger-check-page';

const PAGE_COMPONENTS: Record<string, () => React.JSX.Element> = {
  auditLog: AuditLogPage,
  operators: OperatorsPage,
  imageReview: ImageReviewPage,
  partners: PartnersPage,
  feedback: FeedbackPage,
  consultations: ConsultationsPage,
  bankOrders: BankOrdersPage,
  invoices: InvoicesPage,
  withdrawals: WithdrawalsPage,
  redeem: RedeemPage,
  fleetHosts: FleetHostsPage,
  fleetPrices: FleetPricesPage,
  users: UsersPage,
  dashboard: DashboardPage,
  notices: NoticesPage,
  catalogueImages: CatalogueImagesPage,
  catalogueTypes: CatalogueTypesPage,
  catalogueModels: CatalogueModelsPage,
  refunds: RefundsPage,
  reconciliations: ReconciliationsPage,
  ledgerCheck: LedgerCheckPage,
};

/** The operations console: its own layout and menu, and the pages the operator's areas open; any other path opens the first. */
export default function AdminConsole({ pages }: { pages: readonly AdminPage[] }) {
  return (
    <AdminLayout pages={pages}>
      <Routes>
        {pages.map((page) => {
          const Page = PAGE_COMPONENTS[page.key]!;
          return <Route key={page.key} path={page.path} element={<Page />} />;
        })}
        <Route path="*" element={<Navigate to={`/admin/${pages[0]!.path}`} replace />} />
      </Routes>
    </AdminLayout>
  );
}

import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function InvoicesPage() {
  return <PlaceholderPage routeKey="invoices" />;
}

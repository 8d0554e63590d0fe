import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ApplyInvoicePage() {
  return <PlaceholderPage routeKey="applyInvoice" />;
}

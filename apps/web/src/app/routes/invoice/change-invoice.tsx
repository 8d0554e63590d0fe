import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ChangeInvoicePage() {
  return <PlaceholderPage routeKey="changeInvoice" />;
}

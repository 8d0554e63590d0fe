import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function InvoicesMsgPage() {
  return <PlaceholderPage routeKey="invoicesMsg" />;
}

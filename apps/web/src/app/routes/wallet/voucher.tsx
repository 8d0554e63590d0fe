import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function VoucherPage() {
  return <PlaceholderPage routeKey="voucher" />;
}

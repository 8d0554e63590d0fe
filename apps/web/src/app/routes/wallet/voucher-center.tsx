import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function VoucherCenterPage() {
  return <PlaceholderPage routeKey="voucherCenter" />;
}

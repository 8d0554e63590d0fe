import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function MyOrderPage() {
  return <PlaceholderPage routeKey="myOrder" />;
}

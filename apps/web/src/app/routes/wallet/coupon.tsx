import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function CouponPage() {
  return <PlaceholderPage routeKey="coupon" />;
}

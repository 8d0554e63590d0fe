import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function DateCenterPage() {
  return <PlaceholderPage routeKey="dateCenter" />;
}

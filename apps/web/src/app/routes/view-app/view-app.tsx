import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ViewAppPage() {
  return <PlaceholderPage routeKey="viewApp" />;
}

import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function MyAppPage() {
  return <PlaceholderPage routeKey="myApp" />;
}

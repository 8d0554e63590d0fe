import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function RevAndExpPage() {
  return <PlaceholderPage routeKey="revAndexp" />;
}

import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ApiOpenPage() {
  return <PlaceholderPage routeKey="APIOpen" />;
}

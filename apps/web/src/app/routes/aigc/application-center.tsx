import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ApplicationCenterPage() {
  return <PlaceholderPage routeKey="aigc" />;
}

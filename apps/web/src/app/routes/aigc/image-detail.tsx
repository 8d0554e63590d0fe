import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ImageDetailPage() {
  return <PlaceholderPage routeKey="imageDetail" />;
}

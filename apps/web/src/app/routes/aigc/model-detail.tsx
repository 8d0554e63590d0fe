import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ModelDetailPage() {
  return <PlaceholderPage routeKey="modelDetial" />;
}

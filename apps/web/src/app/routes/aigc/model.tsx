import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ModelPage() {
  return <PlaceholderPage routeKey="model" />;
}

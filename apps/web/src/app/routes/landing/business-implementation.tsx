import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function BusinessImplementationPage() {
  return <PlaceholderPage routeKey="businessImplementation" />;
}

import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function OurConsolePage() {
  return <PlaceholderPage routeKey="ourConsole" />;
}

import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function MirrorPage() {
  return <PlaceholderPage routeKey="mirror" />;
}

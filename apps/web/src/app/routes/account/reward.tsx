import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function RewardPage() {
  return <PlaceholderPage routeKey="reward" />;
}

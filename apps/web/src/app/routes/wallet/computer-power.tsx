import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function ComputerPowerPage() {
  return <PlaceholderPage routeKey="computerPower" />;
}

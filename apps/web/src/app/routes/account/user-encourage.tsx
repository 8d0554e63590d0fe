import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function UserEncouragePage() {
  return <PlaceholderPage routeKey="userEncourage" />;
}

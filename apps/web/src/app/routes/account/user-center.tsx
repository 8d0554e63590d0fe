import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export default function UserCenterPage() {
  return <PlaceholderPage routeKey="userCenter" />;
}

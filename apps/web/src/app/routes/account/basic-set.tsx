import { PlaceholderPage } from '../../../shared/ui/placeholder-page';

export default function BasicSetPage() {
  return <PlaceholderPage routeKey="basicSet" />;
}

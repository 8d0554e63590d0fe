import { PlaceholderPage } from '@/shared/ui/placeholder-page';

export default function MyMirrorPage() {
  return <PlaceholderPage routeKey="myMirror" />;
}

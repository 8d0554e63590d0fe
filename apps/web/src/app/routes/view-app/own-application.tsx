import { useSearchParams } from 'react-router';
import { ApplicationNotFound, ApplicationView } from '@/features/applications/components/application-view';

/** The signed-in side of /viewApp: the application the address names, if it is the user's. */
export default function OwnApplication() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  if (!/^\d{1,18}$/.test(id)) {
    return <ApplicationNotFound />;
  }
  // Keyed by id, so that opening another application from this page starts from its own loading state.
  return <ApplicationView key={id} id={id} />;
}

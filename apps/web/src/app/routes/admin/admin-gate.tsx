import { lazy, Suspense } from 'react';
import { pagesFor } from '@/features/admin-console/admin-pages';
import { useMyOperatorAreas } from '@/features/admin-console/api/get-my-operator-areas';
import { useSession } from '@/shared/stores/session-store';
import { BootScreen } from '../../layouts/boot-screen';
import { AdminRefusal } from './admin-refusal';

// The console's own chunk: fetched only once the server has said that this account holds an area with a page.
const AdminConsole = lazy(() => import('./admin-console'));

/**
 * /admin/*: asks the server which areas the signed-in account holds, then opens the operations console on the pages
 * those areas open, or says in words why not. The server checks every call of the console again.
 */
export default function AdminGate() {
  const isLogin = useSession((state) => state.isLogin);
  const areas = useMyOperatorAreas();
  if (!isLogin) {
    return <AdminRefusal kind="signIn" />;
  }
  if (areas.isError) {
    throw areas.error;
  }
  if (areas.isPending) {
    return <BootScreen />;
  }
  // Every area opens at least one page (admin-pages.test.ts): no pages means no area.
  const pages = pagesFor(areas.data);
  if (pages.length === 0) {
    return <AdminRefusal kind="forbidden" />;
  }
  return (
    <Suspense fallback={<BootScreen />}>
      <AdminConsole pages={pages} />
    </Suspense>
  );
}

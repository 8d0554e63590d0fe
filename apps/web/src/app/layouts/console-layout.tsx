import { KeepAliveOutlet } from './keep-alive-outlet';
import { MainLayout } from './main-layout';

/** Spec §2 console layout: the root route, holding every console page inside the main layout. */
export function ConsoleLayout() {
  return (
    <MainLayout>
      <KeepAliveOutlet />
    </MainLayout>
  );
}

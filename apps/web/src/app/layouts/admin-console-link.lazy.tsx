import { lazy, Suspense } from 'react';

// The operations console's button asks the server for the signed-in account's areas and shows only to an operator:
// it loads after a sign-in, never with a guest's first page (issue 8's 300 kB budget), and draws nothing meanwhile.
const Link = lazy(() =>
  import('@/features/admin-console/components/admin-console-link').then((module) => ({
    default: module.AdminConsoleLink,
  })),
);

export function LazyAdminConsoleLink() {
  return (
    <Suspense fallback={null}>
      <Link />
    </Suspense>
  );
}

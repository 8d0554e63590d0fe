import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { loadedWhenShown } from '@/shared/ui/loaded-when-shown';

// The operations console's button asks the server for the signed-in account's areas and shows only to an operator:
// it loads after a sign-in, never with a guest's first page (issue 8's 300 kB budget), and draws nothing meanwhile.
export const LazyAdminConsoleLink = loadedWhenShown(
  lazyNamed(() => import('@/features/admin-console/components/admin-console-link'), 'AdminConsoleLink'),
);

import { Button } from 'antd';
import { useSearchParams } from 'react-router';
import { ApplicationTable, isFilterStatus } from '@/features/applications/components/application-table';
import { useApplicationsTranslation } from '@/features/applications/use-applications-translation';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { loadedWhenShown } from '@/shared/ui/loaded-when-shown';
import { PageHeader } from '@/shared/ui/page-header';
import { PlainCard } from '@/shared/ui/plain-card';

// The create flow's steps, forms and number inputs load when it opens, not with the list (issue 25); the button starts
// loading them as the pointer or focus reaches it.
const loadCreateDrawer = () => import('@/features/applications/components/create-application-drawer');
const CreateApplicationDrawer = loadedWhenShown(lazyNamed(loadCreateDrawer, 'CreateApplicationDrawer'));
const preloadCreateDrawer = () => void loadCreateDrawer().catch(() => undefined);

/**
 * Spec §2 my applications: the list with its actions, and the create flow over it, opened by its button or by the
 * address (`?create=<imageId>`, where the application center's rent button leads). The status filter is in the address
 * too (`?status=running`), so the console home's counts open the list they count. My images open it over a saved
 * image's original (`?create=<imageId>&userImage=<id>`), whose disk the new application starts with.
 */
export default function MyAppPage() {
  const { t } = useApplicationsTranslation();
  const [search, setSearch] = useSearchParams();
  const creating = search.get('create');
  const userImage = search.get('userImage');
  const status = search.get('status');

  const update = (change: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null) {
            next.delete(key);
          } else {
            next.set(key, value);
          }
        }
        return next;
      },
      { replace: true },
    );
  const openCreate = (imageId = '') => update({ create: imageId, userImage: null });

  return (
    <>
      <PageHeader
        title={t('routes:myApp.title')}
        description={t('routes:myApp.description')}
        extra={
          <Button
            type="primary"
            onClick={() => openCreate()}
            onPointerEnter={preloadCreateDrawer}
            onFocus={preloadCreateDrawer}
            data-testid="app-create"
          >
            {t('myApp.create')}
          </Button>
        }
      />
      <PlainCard>
        <ApplicationTable
          initialStatus={isFilterStatus(status) ? status : undefined}
          onStatusChange={(next) => update({ status: next ?? null })}
          onCreate={() => openCreate()}
          onRecreate={openCreate}
        />
      </PlainCard>
      {creating === null ? null : (
        <CreateApplicationDrawer
          key={`${creating}:${userImage ?? ''}`}
          imageId={creating || undefined}
          userImageId={userImage ?? undefined}
          onClose={() => update({ create: null, userImage: null })}
        />
      )}
    </>
  );
}

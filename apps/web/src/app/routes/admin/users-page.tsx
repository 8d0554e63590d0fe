import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSearchParams } from 'react-router';
import { useMyOperatorAreas } from '@/features/admin-console/api/get-my-operator-areas';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { UserDetail } from '@/features/admin-users/components/user-detail';
import { UsersSearch } from '@/features/admin-users/components/users-search';
import { useAdminUsersTranslation } from '@/features/admin-users/use-admin-users-translation';
import { PageHeader } from '@/shared/ui/page-header';

/** The users desk: the search, or one account's page when the address names it (`?user=<id>`). */
export function UsersPage() {
  const { t: pageT } = useAdminConsoleTranslation();
  const { t } = useAdminUsersTranslation();
  const areas = useMyOperatorAreas();
  const [params, setParams] = useSearchParams();
  const userId = params.get('user');
  if (!userId) {
    return (
      <>
        <PageHeader title={pageT('pages.users')} />
        <UsersSearch onOpen={(id) => setParams({ user: id })} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('detail.title')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => setParams({})} data-testid="users-back">
            {t('back')}
          </Button>
        }
      />
      <UserDetail userId={userId} canChangeRoles={areas.data?.includes('admin') ?? false} />
    </>
  );
}

import { LogoutOutlined, SafetyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Skeleton, Space, Typography, type MenuProps } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/shared/stores/session-store';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { useCurrentUser } from '../api/get-user-info';
import { logout } from '../api/logout';

// The VIP progress and figures load on first hover, keeping their components out of every page's first load.
const UserSummaryPanel = lazyWithTimeout(() => import('./user-summary-panel'));

/** The logged-in corner of the header (spec §2 "Avatar dropdown"); clicking the avatar opens basic settings. */
export function UserDropdown() {
  const { t } = useTranslation('auth');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser().data;

  const confirmLogout = () => {
    modal.confirm({
      title: t('user.logoutConfirmTitle'),
      content: t('user.logoutConfirmContent'),
      okText: t('user.confirm'),
      cancelText: t('user.cancel'),
      onOk: async () => {
        await logout().catch(() => null);
        useSession.getState().clearSession();
        await navigate('/aigc');
        void message.success(t('user.loggedOut'));
      },
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'userCenter',
      icon: <SafetyOutlined />,
      label: <span data-testid="user-menu-user-center">{t('user.userCenter')}</span>,
      onClick: () => navigate('/userCenter'),
    },
    {
      key: 'basicSet',
      icon: <SettingOutlined />,
      label: <span data-testid="user-menu-basic-set">{t('user.basicSet')}</span>,
      onClick: () => navigate('/basicSet'),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout-button">{t('user.logout')}</span>,
      onClick: confirmLogout,
    },
  ];

  return (
    <Dropdown
      menu={{ items, style: { boxShadow: 'none' } }}
      placement="bottomRight"
      popupRender={(menu) => (
        <Suspense fallback={<Skeleton active style={{ width: 280 }} />}>
          <UserSummaryPanel menu={menu} />
        </Suspense>
      )}
    >
      <Space data-testid="user-avatar" style={{ cursor: 'pointer' }} onClick={() => navigate('/basicSet')}>
        <Avatar size="small" src={user?.avatarUrl || undefined} icon={<UserOutlined />} />
        {user?.nickName ? <Typography.Text>{user.nickName}</Typography.Text> : null}
      </Space>
    </Dropdown>
  );
}

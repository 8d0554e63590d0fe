import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Space, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/stores/session-store';
import { logout } from '../api/logout';

/**
 * The logged-in corner of the header: avatar, nickname and logout (spec §2 "Avatar dropdown"). VIP progress, balance
 * and application counts join it with the account change.
 */
export function UserDropdown() {
  const { t } = useTranslation('auth');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfoMsg);

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
    { key: 'basicSet', icon: <SettingOutlined />, label: t('user.basicSet'), onClick: () => navigate('/basicSet') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout-button">{t('user.logout')}</span>,
      onClick: confirmLogout,
    },
  ];

  return (
    <Dropdown menu={{ items }} placement="bottomRight">
      <Space data-testid="user-avatar" style={{ cursor: 'pointer' }} onClick={() => navigate('/basicSet')}>
        <Avatar size="small" src={user?.avatarUrl || undefined} icon={<UserOutlined />} />
        {user?.nickName ? <Typography.Text>{user.nickName}</Typography.Text> : null}
      </Space>
    </Dropdown>
  );
}

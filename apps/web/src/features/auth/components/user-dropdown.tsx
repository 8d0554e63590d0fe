import { LogoutOutlined, SafetyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Skeleton, Typography, type MenuProps } from 'antd';
import { Suspense, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/shared/stores/session-store';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import responsive from '@/shared/ui/responsive.module.css';
import { useCurrentUser } from '../api/get-user-info';
import { logout } from '../api/logout';

// The VIP progress and figures load on first hover, keeping their components out of every page's first load.
const UserSummaryPanel = lazyWithTimeout(() => import('./user-summary-panel'));

/** The longest a nickname may stretch in the header before it is cut with an ellipsis (issue 9). */
const NICKNAME_WIDTH = 120;

/** Keys that open a menu button's menu (WAI-ARIA menu button pattern). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The logged-in corner of the header (spec §2 "Avatar dropdown"): hovering shows the summary and menu, and clicking the
 * avatar opens basic settings. A keyboard opens the menu with Enter, Space or ↓ and moves into it, since it cannot
 * hover (issue 9). On phones the stylesheet shows the avatar alone.
 */
export function UserDropdown() {
  const { t } = useTranslation('auth');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: t('user.logoutConfirmTitle'),
      content: t('user.logoutConfirmContent'),
      okText: t('user.confirm'),
      cancelText: t('user.cancel'),
      onOk: async () => {
        await logout().catch(() => null);
        // Off a page that needs login first, so the session's end does not send the guest on to / instead.
        await navigate('/aigc');
        useSession.getState().clearSession();
        void message.success(t('user.loggedOut'));
      },
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'userCenter',
      icon: <SafetyOutlined />,
      label: t('user.userCenter'),
      'data-testid': 'user-menu-user-center',
      onClick: () => navigate('/userCenter'),
    },
    {
      key: 'basicSet',
      icon: <SettingOutlined />,
      label: t('user.basicSet'),
      'data-testid': 'user-menu-basic-set',
      onClick: () => navigate('/basicSet'),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('user.logout'),
      'data-testid': 'logout-button',
      onClick: confirmLogout,
    },
  ];

  const openByKeyboard = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (OPENING_KEYS.has(event.key)) {
      event.preventDefault();
      setOpen(true);
      // The menu renders once the lazy panel is in; focus moves to its first entry, where the arrow keys work.
      const focusFirst = (attempt: number) => {
        const first = document.querySelector<HTMLElement>('.user-dropdown-menu [role="menuitem"]');
        if (first) {
          first.focus();
        } else if (attempt < 50) {
          setTimeout(() => focusFirst(attempt + 1), 20);
        }
      };
      focusFirst(0);
    }
  };

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{ items, className: 'user-dropdown-menu', style: { boxShadow: 'none' }, onClick: () => setOpen(false) }}
      placement="bottomRight"
      popupRender={(menu) => (
        <Suspense fallback={<Skeleton active style={{ width: 280 }} />}>
          <UserSummaryPanel menu={menu} />
        </Suspense>
      )}
    >
      <button
        type="button"
        className="user-dropdown-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('user.menu', { name: user?.nickName ?? '' })}
        data-testid="user-avatar"
        onClick={() => navigate('/basicSet')}
        onKeyDown={openByKeyboard}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          padding: 4,
          border: 'none',
          background: 'none',
          cursor: 'pointer',
          font: 'inherit',
          minWidth: 0,
        }}
      >
        <Avatar size="small" src={user?.avatarUrl || undefined} icon={<UserOutlined />} alt="" />
        {user?.nickName ? (
          <Typography.Text
            ellipsis
            className={responsive.wideOnly}
            style={{ maxWidth: NICKNAME_WIDTH }}
            data-testid="header-nickname"
          >
            {user.nickName}
          </Typography.Text>
        ) : null}
      </button>
    </Dropdown>
  );
}

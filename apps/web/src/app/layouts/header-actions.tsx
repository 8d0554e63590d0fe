import { CustomerServiceOutlined, DesktopOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserDropdown } from '@/features/auth/components/user-dropdown';
import { NewNoticePopup } from '@/features/notices/components/new-notice-popup';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { LazyAdminConsoleLink as AdminConsoleLink } from './admin-console-link.lazy';
import { LazyCustomerServiceCard as CustomerServiceCard } from './customer-service-card.lazy';
import { useDialogQueue } from './dialog-queue';
import styles from './main-layout.module.css';

/**
 * The right side of the header: console button, customer service, language, and login or, once logged in, the
 * operations console's button for an operator, the notice bell, the user's avatar and the newest platform notice as a
 * popup. `compact` (below desktop width) keeps the language, the operations console's icon and login or avatar; the
 * console and customer service move into the menu drawer.
 */
export function HeaderActions({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const isLogin = useSession((state) => state.isLogin);
  const showLogin = useLoginDialog((state) => state.show);
  const noticeWaits = useDialogQueue();
  return (
    <Flex align="center" gap={compact ? 8 : 12} style={{ flex: 'none' }}>
      {compact ? null : (
        <Flex align="center" gap={12} className={styles.wideOnly}>
          <Button icon={<DesktopOutlined />} data-testid="console-button" onClick={() => navigate('/ourConsole')}>
            {t('header.console')}
          </Button>
          {/* Opened by click (and so by Enter or Space), not only by hovering, so keyboards reach it (issue 9). */}
          <Popover content={<CustomerServiceCard />} placement="bottomRight" trigger="click">
            <Tooltip title={t('header.customerService')}>
              <Button
                type="text"
                icon={<CustomerServiceOutlined />}
                aria-label={t('header.customerService')}
                data-testid="customer-service"
              />
            </Tooltip>
          </Popover>
        </Flex>
      )}
      <LanguageSwitch />
      {isLogin ? (
        <>
          <AdminConsoleLink compact={compact} />
          <NoticeBell />
          <UserDropdown compact={compact} />
          <NewNoticePopup waiting={noticeWaits} />
        </>
      ) : (
        <Button type="primary" data-testid="login-button" onClick={() => showLogin()}>
          {t(compact ? 'header.loginShort' : 'header.login')}
        </Button>
      )}
    </Flex>
  );
}

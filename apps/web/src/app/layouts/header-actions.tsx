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
import responsive from '@/shared/ui/responsive.module.css';
import { LazyAdminConsoleLink as AdminConsoleLink } from './admin-console-link.lazy';
import { LazyCustomerServiceCard as CustomerServiceCard } from './customer-service-card.lazy';
import { useDialogQueue } from './dialog-queue';
import styles from './main-layout.module.css';

/**
 * The right side of the header: console button, customer service, language, and login or, once logged in, the
 * operations console's button for an operator, the notice bell, the user's avatar and the newest platform notice as a
 * popup. Below desktop width the stylesheet keeps the language, the operations console's icon and login or avatar; the
 * console and customer service move into the menu drawer.
 */
export function HeaderActions() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const isLogin = useSession((state) => state.isLogin);
  const showLogin = useLoginDialog((state) => state.show);
  const noticeWaits = useDialogQueue();
  return (
    <Flex align="center" className={styles.actions}>
      <Flex align="center" gap={12} className={responsive.wideOnly}>
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
      <LanguageSwitch />
      {isLogin ? (
        <>
          <AdminConsoleLink />
          <NoticeBell />
          <UserDropdown />
          <NewNoticePopup waiting={noticeWaits} />
        </>
      ) : (
        <Button type="primary" data-testid="login-button" onClick={() => showLogin()}>
          <span className={responsive.wideOnly}>{t('header.login')}</span>
          <span className={responsive.narrowOnly}>{t('header.loginShort')}</span>
        </Button>
      )}
    </Flex>
  );
}

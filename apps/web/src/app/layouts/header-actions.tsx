import { CustomerServiceOutlined, DesktopOutlined } from '@ant-design/icons';
import { Button, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBenefitDialog } from '@/features/auth/components/benefit-dialog-store';
import { UserDropdown } from '@/features/auth/components/user-dropdown';
import { NewNoticePopup } from '@/features/notices/components/new-notice-popup';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { CustomerServiceCard } from './customer-service-card';

/**
 * The right side of the header: console button, customer service, language, and login or, once logged in, the
 * notice bell, the user's avatar and the newest platform notice as a popup.
 */
export function HeaderActions() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const isLogin = useSession((state) => state.isLogin);
  const showLogin = useLoginDialog((state) => state.show);
  // The benefit dialog of a first login comes first; the platform notice follows once it is closed.
  const benefitOpen = useBenefitDialog((state) => state.type !== null);
  return (
    <Space size="middle">
      <Button icon={<DesktopOutlined />} data-testid="console-button" onClick={() => navigate('/ourConsole')}>
        {t('header.console')}
      </Button>
      <Popover content={<CustomerServiceCard />} placement="bottomRight">
        <Button type="text" icon={<CustomerServiceOutlined />} data-testid="customer-service">
          {t('header.customerService')}
        </Button>
      </Popover>
      <LanguageSwitch />
      {isLogin ? (
        <>
          <NoticeBell />
          <UserDropdown />
          <NewNoticePopup waiting={benefitOpen} />
        </>
      ) : (
        <Button type="primary" data-testid="login-button" onClick={showLogin}>
          {t('header.login')}
        </Button>
      )}
    </Space>
  );
}

import { useTranslation } from 'react-i18next';
import { ContactSetting } from '@/features/auth/components/contact-setting';
import { PasswordSetting } from '@/features/auth/components/password-setting';
import { WechatSetting } from '@/features/auth/components/wechat-setting';
import { RealNameSetting } from '@/features/real-name/components/real-name-setting';
import { PageHeader } from '@/shared/ui/page-header';
import { SettingsList } from '@/shared/ui/settings-list';

/**
 * Spec §2 user center, "security settings": one compact list (item, state, action) of the password, phone, e-mail,
 * WeChat binding and real-name authentication, each form opening on demand (issue 9).
 */
export default function UserCenterPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('userCenter.title')} description={t('userCenter.description')} />
      <SettingsList title={t('userCenter.listTitle')} testId="security-list">
        <PasswordSetting />
        <ContactSetting kind="phone" />
        <ContactSetting kind="email" />
        <WechatSetting />
        <RealNameSetting />
      </SettingsList>
    </>
  );
}

import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordCard } from '@/features/auth/components/password-card';
import { PhoneCard } from '@/features/auth/components/phone-card';
import { WechatBindingCard } from '@/features/auth/components/wechat-binding-card';
import { RealNameCard } from '@/features/real-name/components/real-name-card';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 user center, "security settings": password, phone, WeChat binding and real-name authentication. */
export default function UserCenterPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('userCenter.title')} />
      <Flex vertical gap={16}>
        <PasswordCard />
        <PhoneCard />
        <WechatBindingCard />
        <RealNameCard />
      </Flex>
    </>
  );
}

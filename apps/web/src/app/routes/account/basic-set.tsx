import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvatarCard } from '../../../features/profile/components/avatar-card';
import { NicknameCard } from '../../../features/profile/components/nickname-card';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { PageHeader } from '../../../shared/ui/page-header';

/** Spec §2 basic settings: avatar, nickname and profile information. */
export default function BasicSetPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('basicSet.title')} />
      <Flex vertical gap={16}>
        <AvatarCard />
        <NicknameCard />
        <ProfileCard />
      </Flex>
    </>
  );
}

import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-user-info';
import { AvatarCard } from '@/features/profile/components/avatar-card';
import { NicknameCard } from '@/features/profile/components/nickname-card';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 basic settings: avatar, nickname and profile information; the current name and avatar are the user's. */
export default function BasicSetPage() {
  const { t } = useTranslation('routes');
  const user = useCurrentUser().data;
  return (
    <>
      <PageHeader title={t('basicSet.title')} />
      <Flex vertical gap={16}>
        <AvatarCard avatarUrl={user?.avatarUrl ?? null} />
        <NicknameCard nickName={user?.nickName ?? ''} />
        <ProfileCard />
      </Flex>
    </>
  );
}

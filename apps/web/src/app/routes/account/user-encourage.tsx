import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvitationCard } from '@/features/invites/components/invitation-card';
import { InviteRules } from '@/features/invites/components/invite-rules';
import { InvitedTable } from '@/features/invites/components/invited-table';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 `/userEncourage`: the caller's invitation code, link and QR, the reward rules, and the friends invited. */
export default function UserEncouragePage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('userEncourage.title')} />
      <Flex vertical gap={16}>
        <InvitationCard />
        <InviteRules />
        <InvitedTable />
      </Flex>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PartnerPanel } from '@/features/partners/components/partner-panel';
import { PageHeader } from '@/shared/ui/page-header';

/** Spec §2 `/reward`: the KOL and creator programme, for real-name verified users (the route is isAuth). */
export default function RewardPage() {
  const { t } = useTranslation('routes');
  return (
    <>
      <PageHeader title={t('reward.title')} />
      <PartnerPanel />
    </>
  );
}

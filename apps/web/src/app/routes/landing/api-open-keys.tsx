import { Flex } from 'antd';
import { usePointsOverview } from '@/features/power/api/get-points-overview';
import { PointsSummary } from '@/features/power/components/points-summary';
import ApiKeysPanel from '@/features/api-open/components/api-keys-panel';
import { ApiUserContractCard } from '@/features/partners/components/api-user-contract-card';
import { useRealNameStatus } from '@/features/real-name/api/get-real-name-status';

/**
 * The signed-in half of /APIOpen, loaded apart from the guest page: the power points the calls spend beside the keys
 * that make them.
 */
export default function ApiOpenKeys() {
  const points = usePointsOverview();
  return (
    <Flex vertical gap={16}>
      <PointsSummary overview={points.query.data} loading={points.query.isLoading} />
      <ApiKeysPanel />
    </Flex>
  );
}

/** The API user contract card, told whether the user's real name is verified: signing uses that identity. */
export function ApiUserContract() {
  const realName = useRealNameStatus();
  return <ApiUserContractCard realNameVerified={realName.data ? realName.data.status === '1' : undefined} />;
}

import { Flex } from 'antd';
import { usePointsOverview } from '@/features/power/api/get-points-overview';
import { PointsSummary } from '@/features/power/components/points-summary';
import ApiKeysPanel from '@/features/api-open/components/api-keys-panel';

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

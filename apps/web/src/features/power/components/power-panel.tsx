import { Divider, Flex } from 'antd';
import { usePointsOverview } from '../api/get-points-overview';
import { ActivePackages } from './active-packages';
import { PackageCards } from './package-cards';
import { PointsHistoryTable } from './points-history-table';
import { PointsPurchaseForm } from './points-purchase-form';
import { PointsSummary } from './points-summary';
import { PowerSection } from './power-section';
import { usePowerTranslation } from '../use-power-translation';

/**
 * The power-points tab of the recharge center (spec §2): the points and the lots expiring soonest, buying points or a
 * package with balance, the running packages and the points history. One request feeds the summary and the history.
 */
export function PowerPanel() {
  const { t } = usePowerTranslation();
  const overview = usePointsOverview();
  return (
    <Flex vertical gap={8} data-testid="power-panel">
      <PowerSection title={t('section.points')}>
        <PointsSummary overview={overview.query.data} loading={overview.query.isPending} />
      </PowerSection>
      <Divider />
      <PowerSection title={t('section.buy')}>
        <PointsPurchaseForm />
      </PowerSection>
      <Divider />
      <PowerSection title={t('section.packages')}>
        <PackageCards />
      </PowerSection>
      <Divider />
      <PowerSection title={t('section.myPackages')}>
        <ActivePackages />
      </PowerSection>
      <Divider />
      <PowerSection title={t('section.history')}>
        <PointsHistoryTable paged={overview} />
      </PowerSection>
    </Flex>
  );
}

import { Flex, Skeleton, Statistic, Typography } from 'antd';
import { Trans } from 'react-i18next';
import { DateTime } from '@/shared/ui/date-time';
import type { PointsOverview } from '../api/get-points-overview';
import { PointsText } from './points-text';
import { usePowerTranslation } from '../use-power-translation';

// The lots shown beside the balance: those about to go, which are also the ones spent next.
const LOTS_SHOWN = 3;

interface PointsSummaryProps {
  overview: PointsOverview | undefined;
  loading: boolean;
}

/** The points balance, the lots that expire soonest, and the rules of spec §9 in one line. */
export function PointsSummary({ overview, loading }: PointsSummaryProps) {
  const { t } = usePowerTranslation();
  const lots = overview?.lots ?? [];
  return (
    <Flex vertical gap={12} data-testid="power-summary">
      <Flex gap={48} wrap align="flex-start">
        <Statistic
          title={t('summary.balance')}
          loading={loading}
          value={overview?.pointsBalance ?? 0}
          formatter={(value) => <PointsText value={Number(value)} data-testid="power-points-balance" />}
        />
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('summary.expiring')}</Typography.Text>
          {loading ? <Skeleton active title={false} paragraph={{ rows: 2 }} /> : null}
          {!loading && lots.length === 0 ? <Typography.Text>{t('summary.noLots')}</Typography.Text> : null}
          {lots.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="power-lots">
              {lots.slice(0, LOTS_SHOWN).map((lot) => (
                <li key={lot.lotId}>
                  <Trans
                    t={t}
                    i18nKey="summary.lot"
                    components={{
                      points: <PointsText value={lot.remaining} />,
                      date: <DateTime value={lot.expireTime} />,
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {lots.length > LOTS_SHOWN ? (
            <Typography.Text type="secondary">
              {t('summary.moreLots', { lots: lots.length - LOTS_SHOWN })}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Text type="secondary">{t('summary.rules')}</Typography.Text>
    </Flex>
  );
}

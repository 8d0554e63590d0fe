import { Empty, Table, theme, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatDateTime } from '@/shared/format/date-time';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { BarChart, type BarGroup } from '@/shared/ui/bar-chart';
import { ScrollRegion } from '@/shared/ui/scroll-region';
import { useFleetFigures, type FleetFigures } from '../api/dashboard-reads';
import { useAdminDashboardTranslation } from '../use-admin-dashboard-translation';
import { DashboardSection } from './dashboard-section';
import { FigureCards } from './figure-cards';

type GpuRow = FleetFigures['gpus'][number];
const STATES = ['free', 'busy', 'broken', 'draining'] as const;
// The busy share in basis points, so that the axis can show whole per cents.
const PERCENT = 100n;
const formatShare = (basisPoints: bigint) => `${basisPoints / PERCENT}%`;

/** The GPUs of each model, all regions together, by state. */
function modelGroups(gpus: FleetFigures['gpus']): BarGroup[] {
  const byModel = new Map<string, Record<string, bigint>>();
  for (const row of gpus) {
    const values = byModel.get(row.model) ?? {};
    for (const state of STATES) {
      values[state] = (values[state] ?? 0n) + BigInt(row[state]);
    }
    byModel.set(row.model, values);
  }
  return [...byModel].map(([model, values]) => ({ key: model, label: model, title: model, values }));
}

/** Fleet's part: GPUs by state per model and region, running applications, and the busy share hour by hour. */
export function FleetSection() {
  const { t, i18n } = useAdminDashboardTranslation();
  const { token } = theme.useToken();
  const language = useInterfaceSettings((state) => state.appLanguage);
  const query = useFleetFigures();
  const stateColors = {
    free: token.colorSuccess,
    busy: token.colorPrimary,
    broken: token.colorError,
    draining: token.colorWarning,
  };
  const series = STATES.map((state) => ({ key: state, label: t(`fleet.states.${state}`), color: stateColors[state] }));
  const columns: TableColumnsType<GpuRow> = [
    {
      key: 'region',
      title: t('fleet.region'),
      render: (_, row) => (i18n.language === 'zh-CN' ? row.regionNameZh : row.regionNameEn),
    },
    { key: 'model', title: t('fleet.model'), dataIndex: 'model' },
    ...STATES.map((state) => ({ key: state, title: t(`fleet.states.${state}`), dataIndex: state })),
  ];
  return (
    <DashboardSection title={t('fleet.title')} testId="dashboard-fleet" query={query}>
      {(data) => (
        <>
          <FigureCards
            testId="dashboard-fleet"
            figures={[
              { key: 'runningApplications', label: t('fleet.runningApplications'), value: data.runningApplications },
              ...STATES.map((state) => ({
                key: state,
                label: t(`fleet.states.${state}`),
                value: data.gpus.reduce((sum, row) => sum + row[state], 0),
              })),
            ]}
          />
          {data.gpus.length === 0 ? (
            <Empty description={t('fleet.noGpus')} />
          ) : (
            <>
              <BarChart
                caption={t('fleet.byModelCaption')}
                groupHeading={t('fleet.model')}
                series={series}
                groups={modelGroups(data.gpus)}
                formatValue={String}
                height={200}
              />
              <ScrollRegion label={t('fleet.tableLabel')} minWidth={520}>
                <Table<GpuRow>
                  rowKey={(row) => `${row.regionId}/${row.model}`}
                  size="small"
                  columns={columns}
                  dataSource={data.gpus}
                  pagination={false}
                  style={{ marginTop: 16 }}
                  data-testid="dashboard-gpus"
                />
              </ScrollRegion>
            </>
          )}
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
            {t('fleet.utilisationTitle')}
          </Typography.Title>
          {data.utilisation.length === 0 ? (
            <Empty description={t('fleet.utilisationEmpty')} data-testid="dashboard-utilisation-empty" />
          ) : (
            <BarChart
              caption={t('fleet.utilisationCaption')}
              groupHeading={t('fleet.hour')}
              series={[{ key: 'busy', label: t('fleet.busyShare'), color: token.colorPrimary }]}
              groups={data.utilisation.map((sample) => ({
                key: sample.hour,
                label: dayjs(sample.hour).format('HH:mm'),
                title: formatDateTime(sample.hour, language),
                values: { busy: sample.total === 0 ? 0n : (BigInt(sample.busy) * 10_000n) / BigInt(sample.total) },
              }))}
              formatValue={formatShare}
              minTickStep={PERCENT}
              height={200}
            />
          )}
        </>
      )}
    </DashboardSection>
  );
}

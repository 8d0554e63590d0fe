import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeskTable } from '@/shared/ui/desk-table';
import {
  useHostPages,
  type GpuRow,
  type HostFilters as Filters,
  type HostPage,
  type HostRow,
  type HostState,
} from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { hostsCsv } from './hosts-csv';
import { GpuBrokenDialog, HostStateDialog } from './host-dialogs';
import { HostFilters } from './host-filters';
import { HostStateTag } from './host-state';

/** The states a host in each state can be moved to, in the order its buttons show. */
const NEXT_STATES: Record<HostState, HostState[]> = {
  active: ['draining', 'broken'],
  draining: ['active', 'broken'],
  broken: ['active'],
};

type Change = { host: HostRow; state: HostState } | { host: HostRow; gpu: GpuRow };

/**
 * A page of hosts, filtered by region, GPU model and state, each opening onto its GPUs; a host's state and a GPU's
 * are changed from their rows, and the hosts the filters select export as CSV.
 */
export function HostsTable() {
  const { t } = useAdminFleetTranslation();
  const paged = useHostPages();
  const [change, setChange] = useState<Change | null>(null);

  const gpuColumns = (host: HostRow): TableColumnsType<GpuRow> => [
    { key: 'index', title: t('gpus.index'), dataIndex: 'gpuIndex' },
    { key: 'model', title: t('gpus.model'), dataIndex: 'model' },
    {
      key: 'use',
      title: t('gpus.use'),
      render: (_, gpu) => (gpu.applicationId ? t('gpus.heldBy', { id: gpu.applicationId }) : t('gpus.idle')),
    },
    {
      key: 'broken',
      title: t('gpus.broken'),
      render: (_, gpu) => (gpu.broken ? t('gpus.isBroken') : t('gpus.works')),
    },
    {
      key: 'action',
      title: t('actions'),
      render: (_, gpu) => (
        <Button
          size="small"
          danger={!gpu.broken}
          onClick={() => setChange({ host, gpu })}
          data-testid="fleet-gpu-toggle"
        >
          {gpu.broken ? t('gpus.markWorking') : t('gpus.markBroken')}
        </Button>
      ),
    },
  ];

  const columns: TableColumnsType<HostRow> = [
    { key: 'name', title: t('hosts.name'), dataIndex: 'name' },
    { key: 'region', title: t('hosts.region'), dataIndex: 'regionName' },
    { key: 'state', title: t('hosts.state'), render: (_, host) => <HostStateTag state={host.state} /> },
    {
      key: 'gpus',
      title: t('hosts.gpus'),
      render: (_, host) => t('hosts.counts', { ...host.counts, model: host.gpus[0]?.model ?? '' }),
    },
    { key: 'managedBy', title: t('hosts.managedBy'), render: (_, host) => t(`managedBy.${host.managedBy}`) },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, host) => (
        <Flex gap={4} wrap>
          {NEXT_STATES[host.state].map((state) => (
            <Button
              key={state}
              size="small"
              danger={state === 'broken'}
              onClick={() => setChange({ host, state })}
              data-testid={`fleet-host-${state}`}
            >
              {t(`hosts.moveTo.${state}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <DeskTable<HostPage, Filters>
        label={t('hosts.title')}
        minWidth={760}
        toolbar={<HostFilters onChange={(filters) => paged.change({ filters })} />}
        csvExport={{
          fileName: t('hosts.csv.fileName'),
          csv: (rows) => hostsCsv(rows, t),
          testId: 'fleet-hosts-export',
        }}
        paged={paged}
        rowKey="id"
        columns={columns}
        emptyText={t('hosts.empty')}
        expandable={{
          expandedRowRender: (host) => (
            <Table<GpuRow>
              rowKey="id"
              size="small"
              columns={gpuColumns(host)}
              dataSource={host.gpus}
              pagination={false}
              data-testid="fleet-host-gpus"
            />
          ),
        }}
        data-testid="fleet-hosts"
      />
      {change && 'state' in change ? (
        <HostStateDialog host={change.host} state={change.state} onClose={() => setChange(null)} />
      ) : null}
      {change && 'gpu' in change ? (
        <GpuBrokenDialog host={change.host} gpu={change.gpu} onClose={() => setChange(null)} />
      ) : null}
    </>
  );
}

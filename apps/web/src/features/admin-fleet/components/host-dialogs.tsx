import { Form, Input, InputNumber, Select } from 'antd';
import { useAddHost, useSetGpuBroken, useSetHostState, type AddHostBody } from '../api/fleet-changes';
import { useFleetRegions, usePriceBook, type GpuRow, type HostRow, type HostState } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { regionName } from './region-name';

/** Drains a host, marks it broken or returns it, at the version the table showed. */
export function HostStateDialog({ host, state, onClose }: { host: HostRow; state: HostState; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const setState = useSetHostState();
  return (
    <ReasonDialog
      title={t(`hosts.moveTo.${state}`)}
      description={t(`hosts.confirm.${state}`, { name: host.name })}
      okText={t(`hosts.moveTo.${state}`)}
      doneText={t('hosts.moved', { name: host.name, state: t(`hosts.states.${state}`) })}
      danger={state !== 'active'}
      onSubmit={({ reason }) => setState.mutateAsync({ id: host.id, state, version: host.version, reason })}
      onClose={onClose}
      testId="fleet-host-dialog"
    />
  );
}

/** Marks one GPU broken, or returns it, at the version the table showed. */
export function GpuBrokenDialog({ host, gpu, onClose }: { host: HostRow; gpu: GpuRow; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const setBroken = useSetGpuBroken();
  const broken = !gpu.broken;
  const names = { host: host.name, index: gpu.gpuIndex };
  return (
    <ReasonDialog
      title={broken ? t('gpus.markBroken') : t('gpus.markWorking')}
      description={t(broken ? 'gpus.confirmBroken' : 'gpus.confirmWorking', names)}
      okText={broken ? t('gpus.markBroken') : t('gpus.markWorking')}
      doneText={t(broken ? 'gpus.doneBroken' : 'gpus.doneWorking', names)}
      danger={broken}
      onSubmit={({ reason }) => setBroken.mutateAsync({ id: gpu.id, broken, version: gpu.version, reason })}
      onClose={onClose}
      testId="fleet-gpu-dialog"
    />
  );
}

/** Adds a host of N GPUs of a priced model in a region, offered at once. */
export function AddHostDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useAdminFleetTranslation();
  const add = useAddHost();
  const regions = useFleetRegions();
  const book = usePriceBook();
  const required = (key: string) => [{ required: true, message: t(`contract:validation.${key}`) }];
  return (
    <ReasonDialog<Omit<AddHostBody, 'reason'>>
      title={t('hosts.add')}
      okText={t('hosts.add')}
      doneText={t('hosts.added')}
      initialValues={{ gpuCount: 8 }}
      onSubmit={(body) => add.mutateAsync(body)}
      onClose={onClose}
      testId="fleet-add-host"
    >
      <Form.Item name="regionId" label={t('hosts.region')} rules={required('regionId')}>
        <Select
          options={regions.data?.map((region) => ({ value: region.id, label: regionName(region, i18n) }))}
          data-testid="fleet-add-host-region"
        />
      </Form.Item>
      <Form.Item name="name" label={t('hosts.name')} rules={required('fleet.hostName')}>
        <Input maxLength={64} autoComplete="off" data-testid="fleet-add-host-name" />
      </Form.Item>
      <Form.Item name="gpuModel" label={t('gpus.model')} rules={required('gpuModel')}>
        <Select
          options={book.data?.models.map((model) => ({ value: model.gpuModel, label: model.gpuModel }))}
          data-testid="fleet-add-host-model"
        />
      </Form.Item>
      <Form.Item name="gpuCount" label={t('hosts.gpuCount')} rules={required('fleet.hostGpuCount')}>
        <InputNumber min={1} max={16} precision={0} data-testid="fleet-add-host-count" />
      </Form.Item>
    </ReasonDialog>
  );
}

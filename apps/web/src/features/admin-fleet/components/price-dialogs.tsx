import { Form, Input, InputNumber } from 'antd';
import {
  useAddGpuModel,
  useSetDurationDiscount,
  useSetGpuPrice,
  useSetVipDiscount,
  type AddGpuModelBody,
} from '../api/fleet-changes';
import type { DurationDiscountRow, GpuModelRow, VipDiscountRow } from '../api/fleet-reads';
import { useAdminFleetTranslation } from '../use-admin-fleet-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';

type PriceInputs = { hourlyPrice: string; educationHourlyPrice?: string };

/** An empty education price is none: students pay the hourly price. */
const educationPrice = (text: string | undefined) => (text?.trim() ? text.trim() : null);

function PriceFields() {
  const { t } = useAdminFleetTranslation();
  return (
    <>
      <Form.Item
        name="hourlyPrice"
        label={t('prices.hourly')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.fleet.hourlyPrice') }]}
      >
        <Input inputMode="decimal" autoComplete="off" data-testid="fleet-price-hourly" />
      </Form.Item>
      <Form.Item name="educationHourlyPrice" label={t('prices.education')} extra={t('prices.educationHint')}>
        <Input inputMode="decimal" autoComplete="off" data-testid="fleet-price-education" />
      </Form.Item>
    </>
  );
}

/** Changes a model's hourly and education prices, at the version the table showed. */
export function GpuPriceDialog({ model, onClose }: { model: GpuModelRow; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const setPrice = useSetGpuPrice();
  return (
    <ReasonDialog<PriceInputs>
      title={t('prices.edit', { gpuModel: model.gpuModel })}
      description={t('prices.editHint')}
      okText={t('save')}
      doneText={t('prices.saved', { gpuModel: model.gpuModel })}
      initialValues={{ hourlyPrice: model.hourlyPrice, educationHourlyPrice: model.educationHourlyPrice ?? '' }}
      onSubmit={({ hourlyPrice, educationHourlyPrice, reason }) =>
        setPrice.mutateAsync({
          gpuModel: model.gpuModel,
          hourlyPrice: hourlyPrice.trim(),
          educationHourlyPrice: educationPrice(educationHourlyPrice),
          version: model.version,
          reason,
        })
      }
      onClose={onClose}
      testId="fleet-price-dialog"
    >
      <PriceFields />
    </ReasonDialog>
  );
}

/** Adds a GPU model with its prices; hosts of it can be added at once. */
export function AddGpuModelDialog({ onClose }: { onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const add = useAddGpuModel();
  return (
    <ReasonDialog<Pick<AddGpuModelBody, 'gpuModel' | 'memoryGb'> & PriceInputs>
      title={t('prices.add')}
      okText={t('prices.add')}
      doneText={t('prices.added')}
      onSubmit={({ educationHourlyPrice, hourlyPrice, gpuModel, ...rest }) =>
        add.mutateAsync({
          ...rest,
          gpuModel: gpuModel.trim(),
          hourlyPrice: hourlyPrice.trim(),
          educationHourlyPrice: educationPrice(educationHourlyPrice),
        })
      }
      onClose={onClose}
      testId="fleet-add-model"
    >
      <Form.Item
        name="gpuModel"
        label={t('gpus.model')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.gpuModel') }]}
      >
        <Input maxLength={64} autoComplete="off" data-testid="fleet-add-model-name" />
      </Form.Item>
      <Form.Item
        name="memoryGb"
        label={t('prices.memoryGb')}
        rules={[{ required: true, message: t('contract:validation.fleet.memoryGb') }]}
      >
        <InputNumber min={1} max={1024} precision={0} data-testid="fleet-add-model-memory" />
      </Form.Item>
      <PriceFields />
    </ReasonDialog>
  );
}

function BasisPointsField() {
  const { t } = useAdminFleetTranslation();
  return (
    <Form.Item
      name="basisPoints"
      label={t('discounts.basisPoints')}
      extra={t('discounts.basisPointsHint')}
      rules={[{ required: true, message: t('contract:validation.fleet.basisPoints') }]}
    >
      <InputNumber min={1} max={10_000} precision={0} data-testid="fleet-discount-basis-points" />
    </Form.Item>
  );
}

/** Changes what a prepaid billing mode costs against its hours, at the version the table showed. */
export function DurationDiscountDialog({ row, onClose }: { row: DurationDiscountRow; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const setDiscount = useSetDurationDiscount();
  const mode = t(`contract:enums.billingMode.${row.billingMode}`);
  return (
    <ReasonDialog<{ basisPoints: number }>
      title={t('discounts.editDuration', { mode })}
      okText={t('save')}
      doneText={t('discounts.saved')}
      initialValues={{ basisPoints: row.basisPoints }}
      onSubmit={({ basisPoints, reason }) =>
        setDiscount.mutateAsync({ billingMode: row.billingMode, basisPoints, version: row.version, reason })
      }
      onClose={onClose}
      testId="fleet-discount-dialog"
    >
      <BasisPointsField />
    </ReasonDialog>
  );
}

/** Changes a VIP grade's discount; the discount the table showed is what the server compares against. */
export function VipDiscountDialog({ row, onClose }: { row: VipDiscountRow; onClose(): void }) {
  const { t } = useAdminFleetTranslation();
  const setDiscount = useSetVipDiscount();
  return (
    <ReasonDialog<{ basisPoints: number }>
      title={t('discounts.editVip', { grade: row.grade })}
      okText={t('save')}
      doneText={t('discounts.saved')}
      initialValues={{ basisPoints: row.basisPoints }}
      onSubmit={({ basisPoints, reason }) =>
        setDiscount.mutateAsync({ grade: row.grade, basisPoints, previousBasisPoints: row.basisPoints, reason })
      }
      onClose={onClose}
      testId="fleet-discount-dialog"
    >
      <BasisPointsField />
    </ReasonDialog>
  );
}

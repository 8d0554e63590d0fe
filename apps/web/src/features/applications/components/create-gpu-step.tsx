import { BillingMode, LIMITS } from '@suanli/contract';
import { Alert, Flex, Form, InputNumber, Radio, Select, Table, Typography, type TableColumnsType } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { useAvailableGpuConfig, type GpuOffer } from '../api/get-available-gpu-config';
import { useRegions } from '../api/list-regions';
import { isWholeInRange, MAX_GPUS, type CreateChoice } from '../create-choice';
import { useApplicationsTranslation } from '../use-applications-translation';

const MAX_PERIODS = LIMITS.rentalPeriodsMax;
const ANY = 'any';

interface CreateGpuStepProps {
  choice: CreateChoice;
  onChange: (change: Partial<CreateChoice>) => void;
}

/** The most GPUs of the chosen model one may ask for: eight, and never more than are free now. */
export function maxGpuCount(offer: GpuOffer | undefined): number {
  return Math.max(1, Math.min(MAX_GPUS, offer?.freeCount ?? MAX_GPUS));
}

/** Step 2: the region, the GPU model (sold-out ones disabled), how many, and how it is billed. */
export function CreateGpuStep({ choice, onChange }: CreateGpuStepProps) {
  const { t } = useApplicationsTranslation();
  const regions = useRegions();
  const offers = useAvailableGpuConfig(choice.imageId, choice.regionId);
  const chosen = offers.data?.find((offer) => offer.gpuModel === choice.gpuModel);

  // The count stays as typed: when the new model has fewer free, the field says so rather than lowering it unseen.
  const chooseModel = (offer: GpuOffer) => onChange({ gpuModel: offer.gpuModel });
  const maxCount = maxGpuCount(chosen);
  const countValid = isWholeInRange(choice.gpuCount, 1, maxCount);
  const durationValid = isWholeInRange(choice.duration, 1, MAX_PERIODS);

  const columns: TableColumnsType<GpuOffer> = [
    { key: 'model', title: t('create.gpu.model'), dataIndex: 'gpuModel' },
    {
      key: 'memory',
      title: t('create.gpu.memory'),
      render: (_, offer) => t('create.gpu.memoryGb', { gb: offer.memoryGb }),
    },
    {
      key: 'free',
      title: t('create.gpu.free'),
      render: (_, offer) =>
        offer.soldOut ? (
          <Typography.Text type="secondary" data-testid={`create-gpu-sold-out-${offer.gpuModel}`}>
            {t('contract:applications.soldOut')}
          </Typography.Text>
        ) : (
          offer.freeCount
        ),
    },
    {
      key: 'price',
      title: t('create.gpu.pricePerHour'),
      align: 'right',
      render: (_, offer) => (
        <>
          <MoneyText value={offer.pricePerHour} />
          {t('price.perHour')}
        </>
      ),
    },
  ];

  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('create.gpu.region')} htmlFor="create-region">
        <Select
          id="create-region"
          value={choice.regionId ?? ANY}
          onChange={(value: string) => onChange({ regionId: value === ANY ? undefined : value, gpuModel: undefined })}
          loading={regions.isPending}
          options={[
            { value: ANY, label: t('create.gpu.anyRegion') },
            ...(regions.data ?? []).map((region) => ({ value: region.id, label: region.name })),
          ]}
          style={{ maxWidth: 320 }}
          data-testid="create-region"
        />
      </Form.Item>
      <Form.Item label={t('create.gpu.models')}>
        {offers.isError ? <Alert type="error" showIcon title={t('create.gpu.error')} /> : null}
        <Table<GpuOffer>
          size="small"
          rowKey="gpuModel"
          columns={columns}
          dataSource={offers.data ?? []}
          loading={offers.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: choice.gpuModel ? [choice.gpuModel] : [],
            onChange: (_, [offer]) => offer && chooseModel(offer),
            getCheckboxProps: (offer) =>
              ({
                disabled: offer.soldOut,
                'aria-label': offer.gpuModel,
                'data-testid': `create-gpu-${offer.gpuModel}`,
              }) as object,
          }}
          onRow={(offer) => ({ onClick: () => !offer.soldOut && chooseModel(offer) })}
          data-testid="create-gpu-table"
        />
      </Form.Item>
      <Flex gap={24} wrap>
        {/* No min, max or precision: antd would clamp or round what was typed; the limits are said instead. */}
        <Form.Item
          label={t('create.gpu.count')}
          htmlFor="create-gpu-count"
          validateStatus={countValid ? undefined : 'error'}
          help={
            countValid ? undefined : (
              <span data-testid="create-gpu-count-error">{t('create.gpu.countLimit', { max: maxCount })}</span>
            )
          }
        >
          <InputNumber<number>
            id="create-gpu-count"
            value={choice.gpuCount}
            onChange={(value) => onChange({ gpuCount: value })}
            data-testid="create-gpu-count"
          />
        </Form.Item>
        <Form.Item label={t('create.gpu.billingMode')}>
          <Radio.Group
            value={choice.billingMode}
            onChange={(event) => onChange({ billingMode: event.target.value as CreateChoice['billingMode'] })}
            optionType="button"
            options={BillingMode.values.map((mode) => ({
              value: mode,
              label: <span data-testid={`create-billing-${mode}`}>{t(`contract:${BillingMode.labelKey(mode)}`)}</span>,
            }))}
          />
        </Form.Item>
        {choice.billingMode === 'minute' ? null : (
          <Form.Item
            label={t('create.gpu.duration')}
            htmlFor="create-duration"
            validateStatus={durationValid ? undefined : 'error'}
            help={
              durationValid ? undefined : (
                <span data-testid="create-duration-error">{t('contract:validation.duration')}</span>
              )
            }
          >
            <Flex align="center" gap={8}>
              <InputNumber<number>
                id="create-duration"
                value={choice.duration}
                onChange={(value) => onChange({ duration: value })}
                data-testid="create-duration"
              />
              <span>{t(`create.gpu.periods.${choice.billingMode}`)}</span>
            </Flex>
          </Form.Item>
        )}
      </Flex>
    </Form>
  );
}

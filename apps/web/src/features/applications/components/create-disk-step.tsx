import { DISKS, formatMoney, LIMITS, money } from '@suanli/contract';
import { Form, Input, InputNumber, Space, Typography } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { isDiskExpansion, type CreateChoice } from '../create-choice';
import { useApplicationsTranslation } from '../use-applications-translation';

interface CreateDiskStepProps {
  choice: CreateChoice;
  onChange: (change: Partial<CreateChoice>) => void;
}

/** Step 3: the free 50 GB data disk and its expansion (spec §5, §9), and an optional name. */
export function CreateDiskStep({ choice, onChange }: CreateDiskStepProps) {
  const { t } = useApplicationsTranslation();
  const gb = choice.dataDiskGb;
  const valid = isDiskExpansion(gb);
  const dailyUnits = money(BigInt(valid ? (gb ?? 0) : 0) * DISKS.expansionPerGbDayUnits);
  const tooLong = choice.appName.trim().length > LIMITS.appNameMaxLength;

  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('create.disk.system')}>
        <Typography.Text>{t('create.disk.free', { gb: DISKS.freeSystemDiskGb })}</Typography.Text>
      </Form.Item>
      <Form.Item
        label={t('create.disk.data')}
        htmlFor="create-disk"
        validateStatus={valid ? undefined : 'error'}
        help={valid ? undefined : <span data-testid="create-disk-error">{t('contract:validation.dataDiskGb')}</span>}
        extra={
          valid && gb ? (
            <span data-testid="create-disk-price">
              {t('create.disk.price')} <MoneyText value={formatMoney(dailyUnits)} />
              {t('create.disk.perDay')}
            </span>
          ) : (
            t('create.disk.hint', { min: LIMITS.diskExpansionMinGb, max: LIMITS.diskExpansionMaxGb })
          )
        }
      >
        <Space.Compact>
          <Space.Addon>{t('create.disk.free', { gb: DISKS.freeDataDiskGb })} +</Space.Addon>
          {/* No min or max: antd would clamp what was typed; the field's error says the limits instead. */}
          <InputNumber<number>
            id="create-disk"
            step={LIMITS.diskExpansionStepGb}
            value={gb}
            onChange={(value) => onChange({ dataDiskGb: value })}
            suffix="GB"
            data-testid="create-disk"
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        label={t('create.disk.name')}
        htmlFor="create-name"
        validateStatus={tooLong ? 'error' : undefined}
        help={tooLong ? t('contract:validation.appName') : undefined}
      >
        <Input
          id="create-name"
          value={choice.appName}
          onChange={(event) => onChange({ appName: event.target.value })}
          placeholder={t('create.disk.namePlaceholder')}
          style={{ maxWidth: 360 }}
          data-testid="create-name"
        />
      </Form.Item>
    </Form>
  );
}

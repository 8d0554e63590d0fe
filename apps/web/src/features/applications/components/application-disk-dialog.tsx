import { DISKS, formatMoney, LIMITS, money } from '@suanli/contract';
import { App, Descriptions, Flex, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { formatMoneyText } from '@/shared/format/money';
import type { ApplicationRow } from '../api/list-applications';
import { useExpandDataDisk } from '../api/expand-data-disk';
import { RefusalAlert } from './refusal-alert';
import { useApplicationsTranslation } from '../use-applications-translation';

interface DiskDialogProps {
  row: ApplicationRow;
  onClose: () => void;
}

const dailyPrice = (gb: number) => formatMoney(money(BigInt(gb) * DISKS.expansionPerGbDayUnits));

/** The expansions in all that are larger than `current`: 10 to 150 GB in steps of 10 (spec §5). */
export function largerExpansions(current: number): number[] {
  const sizes: number[] = [];
  for (let gb = LIMITS.diskExpansionMinGb; gb <= LIMITS.diskExpansionMaxGb; gb += LIMITS.diskExpansionStepGb) {
    if (gb > current) {
      sizes.push(gb);
    }
  }
  return sizes;
}

/**
 * Grows an application's data-disk expansion to a larger total, with what a day of it costs before confirming.
 * Nothing is charged at once: the daily 0:00 settlement charges the whole day for the size held then.
 */
export function ApplicationDiskDialog({ row, onClose }: DiskDialogProps) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const expand = useExpandDataDisk();
  const sizes = largerExpansions(row.dataDiskGb);
  const [gb, setGb] = useState<number | undefined>(sizes[0]);

  const confirm = () => {
    if (gb === undefined) {
      return;
    }
    expand.mutate(
      { id: row.id, dataDiskGb: gb },
      {
        onSuccess: (result) => {
          void message.success(
            <span data-testid="app-disk-done">
              {t('expandDisk.done', { name: row.appName, gb: DISKS.freeDataDiskGb + result.dataDiskGb })}
            </span>,
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('expandDisk.title', { name: row.appName })}
      onCancel={onClose}
      okText={t('expandDisk.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={
        { disabled: gb === undefined, loading: expand.isPending, 'data-testid': 'app-disk-ok' } as ButtonProps
      }
      onOk={confirm}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'current',
              label: t('expandDisk.current'),
              children: (
                <span data-testid="app-disk-current">
                  {t('expandDisk.size', { free: DISKS.freeDataDiskGb, gb: row.dataDiskGb })}
                </span>
              ),
            },
          ]}
        />
        <Flex align="center" gap={8}>
          <label htmlFor="app-disk-size">{t('expandDisk.newTotal')}</label>
          <Select<number>
            id="app-disk-size"
            value={gb}
            onChange={setGb}
            options={sizes.map((size) => ({ value: size, label: `${size} GB` }))}
            style={{ minWidth: 120 }}
            data-testid="app-disk-size"
          />
        </Flex>
        {gb === undefined ? null : (
          <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="app-disk-price">
            {t('expandDisk.price', {
              addedGb: gb - row.dataDiskGb,
              added: formatMoneyText(dailyPrice(gb - row.dataDiskGb)),
              gb,
              total: formatMoneyText(dailyPrice(gb)),
            })}
          </Typography.Paragraph>
        )}
        {expand.isError ? <RefusalAlert error={expand.error} /> : null}
      </Flex>
    </Modal>
  );
}

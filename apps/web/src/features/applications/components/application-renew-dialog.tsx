import { LIMITS } from '@suanli/contract';
import { App, Flex, InputNumber, Modal, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { usePriceQuote } from '../api/get-price-quote';
import type { ApplicationRow } from '../api/list-applications';
import { useRenewApplication } from '../api/renew-application';
import { PriceBreakdown } from './price-breakdown';
import { RefusalAlert } from './refusal-alert';
import { useApplicationsTranslation } from '../use-applications-translation';

const MAX_PERIODS = LIMITS.rentalPeriodsMax;

interface RenewDialogProps {
  row: ApplicationRow;
  onClose: () => void;
}

/** Extends a prepaid rental by whole periods of its billing mode, at the quoted price, charged on confirmation. */
export function ApplicationRenewDialog({ row, onClose }: RenewDialogProps) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const renew = useRenewApplication();
  const [duration, setDuration] = useState(1);
  const quote = usePriceQuote({
    gpuModel: row.gpuModel,
    billingMode: row.billingMode,
    duration,
    gpuCount: row.gpuCount,
  });

  const confirm = () => {
    renew.mutate(
      { id: row.id, duration },
      {
        onSuccess: (result) => {
          void message.success(
            <span data-testid="app-renew-done">
              {t('renew.done')} <DateTime value={result.expireTime} />
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
      title={t('renew.title', { name: row.appName })}
      onCancel={onClose}
      okText={t('renew.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: renew.isPending, 'data-testid': 'app-renew-ok' } as ButtonProps}
      onOk={confirm}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {row.expireTime ? (
          <Typography.Text>
            {t('renew.expires')} <DateTime value={row.expireTime} />
          </Typography.Text>
        ) : null}
        <Flex align="center" gap={8}>
          <label htmlFor="app-renew-duration">{t('renew.duration')}</label>
          <InputNumber
            id="app-renew-duration"
            min={1}
            max={MAX_PERIODS}
            precision={0}
            value={duration}
            onChange={(value) => setDuration(value ?? 1)}
            data-testid="app-renew-duration"
          />
          <span>{t(`create.gpu.periods.${row.billingMode}`)}</span>
        </Flex>
        <PriceBreakdown quote={quote.data} loading={quote.isPending} />
        {renew.isError ? <RefusalAlert error={renew.error} /> : null}
      </Flex>
    </Modal>
  );
}

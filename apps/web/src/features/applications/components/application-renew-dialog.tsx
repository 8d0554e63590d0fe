import { LIMITS } from '@suanli/contract';
import { App, Flex, InputNumber, Modal, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { usePriceQuote } from '../api/get-price-quote';
import { isWholeInRange } from '../create-choice';
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
  // As typed: a duration out of range is said under the field, never clamped to one that would be charged.
  const [duration, setDuration] = useState<number | null>(1);
  const valid = isWholeInRange(duration, 1, MAX_PERIODS);
  const quote = usePriceQuote(
    valid ? { gpuModel: row.gpuModel, billingMode: row.billingMode, duration, gpuCount: row.gpuCount } : null,
  );

  const confirm = () => {
    if (!valid) {
      return;
    }
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
      okButtonProps={{ disabled: !valid, loading: renew.isPending, 'data-testid': 'app-renew-ok' } as ButtonProps}
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
          <InputNumber<number>
            id="app-renew-duration"
            status={valid ? undefined : 'error'}
            value={duration}
            onChange={setDuration}
            data-testid="app-renew-duration"
          />
          <span>{t(`create.gpu.periods.${row.billingMode}`)}</span>
        </Flex>
        {valid ? (
          <PriceBreakdown quote={quote.data} loading={quote.isPending} />
        ) : (
          <Typography.Text type="danger" role="alert" data-testid="app-renew-duration-error">
            {t('contract:validation.duration')}
          </Typography.Text>
        )}
        {renew.isError ? <RefusalAlert error={renew.error} /> : null}
      </Flex>
    </Modal>
  );
}

import { Alert, App, Button, DatePicker, Flex, Modal, Typography, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DateTime } from '@/shared/ui/date-time';
import { useSetTimedStop } from '../api/set-timed-stop';
import type { ApplicationRow } from '../api/list-applications';
import { useApplicationsTranslation } from '../use-applications-translation';

/** The server takes a shutdown time within this many days. */
const MAX_DAYS = 30;

interface TimedStopDialogProps {
  row: ApplicationRow;
  onClose: () => void;
}

/** Sets when a running application stops by itself, shows the one set, and cancels it. */
export function ApplicationTimedStopDialog({ row, onClose }: TimedStopDialogProps) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const timedStop = useSetTimedStop();
  const [time, setTime] = useState<Dayjs | null>(null);

  // A refusal is said by the HTTP client (the call is not silent) and keeps the dialog open to try again.
  const submit = (value: Dayjs | null) => {
    timedStop.mutate(
      { id: row.id, time: value ? value.toISOString() : null },
      {
        onSuccess: () => {
          void message.success(t(value ? 'timedStop.saved' : 'timedStop.cancelled'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('timedStop.title', { name: row.appName })}
      onCancel={onClose}
      okText={t('timedStop.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={
        { disabled: time === null, loading: timedStop.isPending, 'data-testid': 'app-timed-stop-ok' } as ButtonProps
      }
      onOk={() => submit(time)}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {row.timedStopTime ? (
          <Alert
            type="info"
            title={
              <span data-testid="app-timed-stop-current">
                {t('timedStop.current')} <DateTime value={row.timedStopTime} />
              </span>
            }
            action={
              <Button size="small" onClick={() => submit(null)} data-testid="app-timed-stop-cancel">
                {t('timedStop.cancel')}
              </Button>
            }
          />
        ) : (
          <Typography.Text type="secondary">{t('timedStop.none')}</Typography.Text>
        )}
        <label htmlFor="app-timed-stop-time">{t('timedStop.label')}</label>
        <DatePicker
          id="app-timed-stop-time"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          needConfirm={false}
          value={time}
          onChange={setTime}
          disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(MAX_DAYS, 'day'), 'day')}
          style={{ width: '100%' }}
          data-testid="app-timed-stop-time"
        />
        <Typography.Text type="secondary">{t('timedStop.hint', { days: MAX_DAYS })}</Typography.Text>
      </Flex>
    </Modal>
  );
}

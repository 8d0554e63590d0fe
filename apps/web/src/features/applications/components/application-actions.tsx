import { App, Button, Flex, type ButtonProps } from 'antd';
import { useState } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import { allowedActions, isTransitional, type StatusAction } from '../application-status';
import { useDestroyApplication } from '../api/destroy-application';
import type { ApplicationRow } from '../api/list-applications';
import { usePinApplication } from '../api/pin-application';
import { useRestartApplication } from '../api/restart-application';
import { useStopApplication } from '../api/stop-application';
import { ApplicationLinksButton } from './application-links-button';
import { ApplicationRenewDialog } from './application-renew-dialog';
import { ApplicationTimedStopDialog } from './application-timed-stop-dialog';
import { useApplicationsTranslation } from '../use-applications-translation';

export interface ApplicationActionsProps {
  row: ApplicationRow;
  /** Destroyed, and waiting for the reconciler to remove it from the list: nothing more can be done with it. */
  destroying: boolean;
  onDestroyed: () => void;
  /** Opens the create flow with this image chosen: the way out when a restart finds no idle GPU. */
  onRecreate: (imageId: string) => void;
}

type Dialog = 'renew' | 'timedStop' | null;

/** A row's actions, each enabled by the application's status, all greyed while it is on its way to another. */
export function ApplicationActions({ row, destroying, onDestroyed, onRecreate }: ApplicationActionsProps) {
  const { t } = useApplicationsTranslation();
  const { modal, message } = App.useApp();
  const stop = useStopApplication();
  const restart = useRestartApplication();
  const destroy = useDestroyApplication();
  const pin = usePinApplication();
  const [dialog, setDialog] = useState<Dialog>(null);
  const allowed = allowedActions(row);
  const busy = destroying || stop.isPending || restart.isPending || destroy.isPending;
  const enabled = (action: StatusAction) => allowed.has(action) && !busy;
  const button = (action: string, props: ButtonProps) => (
    <Button size="small" type="link" data-testid={`app-${action}-${row.id}`} {...props} />
  );

  const confirmStop = () =>
    modal.confirm({
      title: t('stop.title', { name: row.appName }),
      content: t('stop.content'),
      okText: t('stop.ok'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { 'data-testid': 'app-stop-ok' } as ButtonProps,
      onOk: () => stop.mutateAsync(row.id).catch(() => undefined),
    });

  const confirmDestroy = () =>
    modal.confirm({
      title: t('destroy.title', { name: row.appName }),
      content: t('destroy.content'),
      okText: t('destroy.ok'),
      okButtonProps: { danger: true, 'data-testid': 'app-destroy-ok' } as ButtonProps,
      cancelText: t('dialog.cancel'),
      onOk: () =>
        destroy.mutateAsync(row.id).then(
          () => {
            onDestroyed();
            void message.success(t('contract:applications.destroyed'));
          },
          () => undefined,
        ),
    });

  const noIdleGpu = (text: string) =>
    modal.confirm({
      title: t('restart.failed'),
      content: <span data-testid="app-restart-refused">{text}</span>,
      okText: t('restart.recreate'),
      cancelText: t('dialog.close'),
      onOk: () => onRecreate(row.imageId),
    });

  // A refusal is said by the HTTP client (the call is not silent).
  const pinOrUnpin = () => {
    const pinned = !row.pinned;
    pin.mutate(
      { id: row.id, pinned },
      {
        onSuccess: () =>
          void message.success(t(pinned ? 'actions.done.pin' : 'actions.done.unpin', { name: row.appName })),
      },
    );
  };

  const startAgain = () =>
    restart.mutate(row.id, {
      onError: (error) => {
        const text = isHttpError(error) ? errorText(error, (key) => t(key)) : null;
        if (isHttpError(error) && error.code === 422 && text) {
          noIdleGpu(text);
        } else if (text) {
          void message.error(text);
        }
      },
    });

  return (
    <Flex wrap gap={0} align="center">
      <ApplicationLinksButton id={row.id} disabled={!enabled('links')} />
      {button('stop', { children: t('actions.stop'), disabled: !enabled('stop'), onClick: confirmStop })}
      {button('restart', {
        children: t('actions.restart'),
        disabled: !enabled('restart'),
        loading: restart.isPending,
        onClick: startAgain,
      })}
      {row.billingMode === 'minute'
        ? null
        : button('renew', {
            children: t('actions.renew'),
            disabled: !enabled('renew'),
            onClick: () => setDialog('renew'),
          })}
      {button('timed-stop', {
        children: t('actions.timedStop'),
        disabled: !enabled('timedStop'),
        onClick: () => setDialog('timedStop'),
      })}
      {button('pin', {
        children: t(row.pinned ? 'actions.unpin' : 'actions.pin'),
        disabled: busy || pin.isPending || isTransitional(row.status),
        onClick: pinOrUnpin,
      })}
      {button('destroy', {
        children: t('actions.destroy'),
        danger: true,
        disabled: !enabled('destroy'),
        onClick: confirmDestroy,
      })}
      {dialog === 'renew' ? <ApplicationRenewDialog row={row} onClose={() => setDialog(null)} /> : null}
      {dialog === 'timedStop' ? <ApplicationTimedStopDialog row={row} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}

import { LIMITS } from '@suanli/contract';
import { App, Button, Flex, Typography, type ButtonProps } from 'antd';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, isHttpError } from '@/shared/http';
import { lazyNamed } from '@/shared/ui/lazy-with-timeout';
import { allowedActions, isTransitional, type StatusAction } from '../application-status';
import { useDestroyApplication } from '../api/destroy-application';
import type { ApplicationRow } from '../api/list-applications';
import { usePinApplication } from '../api/pin-application';
import { useRestartApplication } from '../api/restart-application';
import { useStopApplication } from '../api/stop-application';
import { ApplicationLinksButton } from './application-links-button';
import { DestroyRefundNote } from './destroy-refund-note';
import { useApplicationsTranslation } from '../use-applications-translation';

// The row's dialogs (date pickers, number inputs, forms) load when one opens, not with the list (issue 25).
const DIALOGS = {
  renew: lazyNamed(() => import('./application-renew-dialog'), 'ApplicationRenewDialog'),
  timedStop: lazyNamed(() => import('./application-timed-stop-dialog'), 'ApplicationTimedStopDialog'),
  expandDisk: lazyNamed(() => import('./application-disk-dialog'), 'ApplicationDiskDialog'),
  saveImage: lazyNamed(() => import('./save-image-dialog'), 'SaveImageDialog'),
};

export interface ApplicationActionsProps {
  row: ApplicationRow;
  /** Destroyed, and waiting for the reconciler to remove it from the list: nothing more can be done with it. */
  destroying: boolean;
  onDestroyed: () => void;
  /** Opens the create flow with this image chosen: the way out when a restart finds no idle GPU. */
  onRecreate: (imageId: string) => void;
}

type Dialog = 'renew' | 'timedStop' | 'expandDisk' | 'saveImage' | null;

/** A row's actions, each enabled by the application's status, all greyed while it is on its way to another. */
export function ApplicationActions({ row, destroying, onDestroyed, onRecreate }: ApplicationActionsProps) {
  const { t } = useApplicationsTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const stop = useStopApplication();
  const restart = useRestartApplication();
  const destroy = useDestroyApplication();
  const pin = usePinApplication();
  const [dialog, setDialog] = useState<Dialog>(null);
  const OpenDialog = dialog ? DIALOGS[dialog] : null;
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
      content: (
        <>
          <Typography.Paragraph>{t('destroy.content')}</Typography.Paragraph>
          <DestroyRefundNote id={row.id} />
        </>
      ),
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

  const noFunds = (text: string) =>
    modal.confirm({
      title: t('restart.noFunds'),
      content: <span data-testid="app-restart-refused">{text}</span>,
      okText: t('restart.recharge'),
      okButtonProps: { 'data-testid': 'app-restart-recharge' } as ButtonProps,
      cancelText: t('dialog.close'),
      onOk: () => navigate('/voucherCenter?tab=recharge'),
    });

  // No idle GPU on its host is answered with the way out the spec gives; short funds with a recharge; other refusals
  // (a prepaid term that ended) are said as they are.
  const startAgain = () =>
    restart.mutate(row.id, {
      onError: (error) => {
        const text = isHttpError(error) ? errorText(error, (key) => t(key)) : null;
        if (!isHttpError(error) || !text) {
          return;
        }
        if (error.code === 422 && error.field === 'amount') {
          noFunds(text);
        } else if (error.code === 422 && error.serverMessage === t('contract:applications.noIdleGpu')) {
          noIdleGpu(text);
        } else {
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
      {button('expand-disk', {
        children: t('actions.expandDisk'),
        disabled: !enabled('expandDisk') || row.dataDiskGb >= LIMITS.diskExpansionMaxGb,
        onClick: () => setDialog('expandDisk'),
      })}
      {button('pin', {
        children: t(row.pinned ? 'actions.unpin' : 'actions.pin'),
        disabled: busy || pin.isPending || isTransitional(row.status),
        onClick: pinOrUnpin,
      })}
      {button('save-image', {
        children: t('saveImage.action'),
        disabled: busy,
        onClick: () => setDialog('saveImage'),
      })}
      {button('destroy', {
        children: t('actions.destroy'),
        danger: true,
        disabled: !enabled('destroy'),
        onClick: confirmDestroy,
      })}
      {OpenDialog ? (
        <Suspense fallback={null}>
          <OpenDialog row={row} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}

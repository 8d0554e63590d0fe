import { Alert, Button, Form, Input, Modal, Progress, Select, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { workspacePathProblem } from '@suanli/contract';
import { formatBytes } from '@/shared/format/bytes';
import { isHttpError } from '@/shared/http';
import { useRunningApplications } from '../api/list-running-applications';
import { useTransfer, type Transfer } from '../api/get-transfer';
import { useApplicationsTranslation } from '../use-applications-translation';
import { ApplicationLinksButton } from './application-links-button';

export interface CopyTarget {
  applicationId: string;
  path: string;
}

interface CopyToApplicationDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The folder proposed, e.g. `/models/<name>`. */
  defaultPath: string;
  /** Starts the copy (the model center's download, the cloud space's copy) and answers it, queued. */
  start: (target: CopyTarget) => Promise<Transfer>;
}

type Errors = Partial<Record<'applicationId' | 'path' | 'form', string>>;

function Progressing({ transfer }: { transfer: Transfer }) {
  const { t } = useApplicationsTranslation();
  const live = useTransfer(transfer.id, transfer).data ?? transfer;
  const percent = live.bytesTotal === 0 ? 100 : Math.floor((live.bytesDone / live.bytesTotal) * 100);
  const total = formatBytes(live.bytesTotal);
  if (live.state === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        message={t('copy.failed', { reason: live.failure ?? '' })}
        data-testid="copy-failed"
      />
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="copy-progress" data-state={live.state}>
      <Progress
        percent={live.state === 'done' ? 100 : percent}
        status={live.state === 'done' ? 'success' : 'active'}
        aria-label={t('copy.progress')}
      />
      <span aria-live="polite" data-testid="copy-status">
        {live.state === 'done'
          ? t('copy.done', { count: live.fileCount, total, directory: live.directory })
          : live.state === 'queued'
            ? t('copy.queued')
            : t('copy.copying', { done: formatBytes(live.bytesDone), total })}
      </span>
      {live.state === 'done' ? (
        <Space>
          <span>{t('copy.openWorkspace')}</span>
          <ApplicationLinksButton id={live.applicationId} disabled={false} />
        </Space>
      ) : null}
    </Space>
  );
}

/**
 * Copies files into one of the caller's running applications (docs/decisions/0027): a picker of the running
 * applications and a folder, checked here by the server's own rules, then the copy's progress until it is done, with
 * the application's links to see the files. Reused by every source of files through `start`.
 */
export function CopyToApplicationDialog({ open, onClose, title, defaultPath, start }: CopyToApplicationDialogProps) {
  const { t } = useApplicationsTranslation();
  const running = useRunningApplications(open);
  const [applicationId, setApplicationId] = useState<string | undefined>(undefined);
  const [path, setPath] = useState(defaultPath);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [transfer, setTransfer] = useState<Transfer | null>(null);

  const close = () => {
    setTransfer(null);
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const problem = workspacePathProblem(path);
    const found: Errors = {
      ...(applicationId ? {} : { applicationId: t('copy.errors.applicationRequired') }),
      ...(problem ? { path: t(problem === 'required' ? 'copy.errors.pathRequired' : 'copy.errors.pathInvalid') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    setSubmitting(true);
    try {
      setTransfer(await start({ applicationId: applicationId!, path: path.trim() }));
    } catch (error) {
      const text = isHttpError(error) ? error.serverMessage || error.message : String(error);
      const field =
        isHttpError(error) && (error.field === 'applicationId' || error.field === 'path') ? error.field : 'form';
      setErrors({ [field]: text });
    } finally {
      setSubmitting(false);
    }
  };

  const rows = running.data?.rows ?? [];
  const form = running.isError ? (
    <Alert
      type="error"
      showIcon
      message={t('copy.loadError')}
      action={<Button onClick={() => void running.refetch()}>{t('copy.retry')}</Button>}
    />
  ) : !running.isPending && rows.length === 0 ? (
    <Alert
      type="info"
      showIcon
      message={t('copy.noRunning')}
      action={<Link to="/myApp">{t('copy.myApps')}</Link>}
      data-testid="copy-no-running"
    />
  ) : (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="copy-form">
      <Form.Item
        label={t('copy.application')}
        validateStatus={errors.applicationId ? 'error' : undefined}
        help={errors.applicationId}
      >
        <Select
          value={applicationId}
          onChange={setApplicationId}
          loading={running.isPending}
          placeholder={t('copy.applicationPlaceholder')}
          options={rows.map((row) => ({ value: row.id, label: `${row.appName} · ${row.gpuModel}` }))}
          data-testid="copy-application"
        />
      </Form.Item>
      <Form.Item
        label={t('copy.path')}
        validateStatus={errors.path ? 'error' : undefined}
        help={errors.path ?? t('copy.pathHelp')}
      >
        <Input value={path} onChange={(event) => setPath(event.target.value)} data-testid="copy-path" />
      </Form.Item>
      {errors.form ? <Alert type="error" showIcon message={errors.form} data-testid="copy-error" /> : null}
    </Form>
  );

  const footer = transfer
    ? [
        <Button key="close" onClick={close} data-testid="copy-close">
          {t('copy.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          {t('copy.cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          loading={submitting}
          disabled={rows.length === 0}
          onClick={() => void submit()}
          data-testid="copy-start"
        >
          {t('copy.start')}
        </Button>,
      ];

  return (
    <Modal open={open} title={title} onCancel={close} footer={footer} destroyOnHidden data-testid="copy-dialog">
      {transfer ? <Progressing transfer={transfer} /> : form}
    </Modal>
  );
}

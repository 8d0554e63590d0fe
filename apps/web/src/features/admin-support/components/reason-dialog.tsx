import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useAdminSupportTranslation } from '../use-admin-support-translation';

export interface ReasonDialogProps {
  title: string;
  /** What the action does, read before it is confirmed. */
  content?: ReactNode;
  okText: string;
  /** The message once the server agreed. */
  doneText: string;
  danger?: boolean;
  /** The label of the reason: a note the user sees, or the operator's own record. */
  reasonLabel: string;
  busy: boolean;
  /** Resolves once the server agreed; a refusal (a colleague acted first: 409) is shown and the dialog closes. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The confirmation every operator action passes: what it does, and the reason the API requires and the audit log
 * keeps. The server's refusal is shown under the reason when it names it, otherwise as a message.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { title, content, okText, doneText, danger, reasonLabel, busy, onConfirm, onClose } = props;
  const { t } = useAdminSupportTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      return;
    }
    await onConfirm(values.reason).then(
      () => {
        void message.success(doneText);
        onClose();
      },
      (error: unknown) => {
        reportFormError(form, error);
        if (form.getFieldError('reason').length === 0) {
          onClose();
        }
      },
    );
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ danger, loading: busy, 'data-testid': 'reason-dialog-ok' } as ButtonProps}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reason-dialog"
    >
      {content ? <Typography.Paragraph>{content}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void confirm()}>
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.operatorReason') }]}
        >
          <Input.TextArea autoFocus maxLength={200} rows={3} data-testid="reason-dialog-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

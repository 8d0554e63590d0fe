import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../http';
import { reportFormError } from './report-form-error';

export type WithReason<Values> = Values & { reason: string };

interface ReasonDialogProps<Values> {
  title: string;
  /** What the change does, said before the operator confirms it. */
  description?: ReactNode;
  okText: string;
  /** Said once the server took the change, unless the caller says it. */
  doneText?: string;
  danger?: boolean;
  initialValues?: Partial<Values>;
  /** What the reason is to whom reads it (a note the user sees); by default the operator's record in the audit log. */
  reasonLabel?: string;
  /** The inputs of the change, beside the reason every operator action carries. */
  children?: ReactNode;
  onSubmit(values: WithReason<Values>): Promise<unknown>;
  onClose(): void;
  /** The dialog's test id, and the prefix of its reason input's (`-reason`) and OK button's (`-ok`). */
  testId: string;
}

/**
 * Confirms one operator's action of the operations console with the reason the audit log keeps. A refusal shows under
 * the input it names, or in the server's words when no input is at fault (another operator changed the row first:
 * 409); a failure before the server (a file that did not reach the store) is said as such.
 */
export function ReasonDialog<Values extends object>({
  title,
  description,
  okText,
  doneText,
  danger,
  initialValues,
  reasonLabel,
  children,
  onSubmit,
  onClose,
  testId,
}: ReasonDialogProps<Values>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<WithReason<Values>>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: WithReason<Values>) => {
    setSubmitting(true);
    const done = await onSubmit(values).then(
      () => true,
      (error: unknown) => {
        if (isHttpError(error)) {
          reportFormError(form, error);
        } else {
          void message.error(t('operatorAction.failed'));
        }
        return false;
      },
    );
    setSubmitting(false);
    if (done) {
      if (doneText) {
        void message.success(doneText);
      }
      onClose();
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('operatorAction.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ danger, 'data-testid': `${testId}-ok` } as ButtonProps}
      confirmLoading={submitting}
      data-testid={testId}
    >
      {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
      <Form<WithReason<Values>>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues as WithReason<Values>}
        onFinish={(values) => void submit(values)}
      >
        {children}
        <Form.Item
          name="reason"
          label={reasonLabel ?? t('operatorAction.reason')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.operatorReason') }]}
        >
          <Input maxLength={200} autoComplete="off" data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

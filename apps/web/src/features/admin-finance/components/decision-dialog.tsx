import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '@/shared/http';
import { reportFormError } from '@/shared/ui/report-form-error';

interface DecisionDialogProps<Values> {
  title: string;
  /** What the decision does, said before the operator commits to it. */
  description: ReactNode;
  okText: string;
  danger?: boolean;
  /** Prefixes the test ids of its reason input (`-reason`) and its OK button (`-ok`). */
  'data-testid': string;
  /** The decision's own inputs, above the reason every operator action carries. */
  children?: ReactNode;
  onSubmit: (values: Values & { reason: string }) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks an operator to confirm a decision on money or a user's request, with the reason the audit log keeps. A refusal
 * shows under the input the server names, or as a message (a colleague's decision first: 409); the dialog closes once
 * the decision is made.
 */
export function DecisionDialog<Values extends object>({
  title,
  description,
  okText,
  danger = false,
  children,
  onSubmit,
  onClose,
  'data-testid': testId,
}: DecisionDialogProps<Values>) {
  const { t } = useTranslation('adminFinance');
  const [form] = Form.useForm<Values & { reason: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) {
      return;
    }
    setSubmitting(true);
    const done = await onSubmit(values).then(
      () => true,
      (error: unknown) => {
        // Not the API's refusal: a file that did not reach the store, which the server never heard of.
        if (isHttpError(error)) {
          reportFormError(form, error);
        } else {
          void message.error(t('dialog.failed'));
        }
        return false;
      },
    );
    setSubmitting(false);
    if (done) {
      onClose();
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ danger, 'data-testid': `${testId}-ok` } as ButtonProps}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        {children}
        <Form.Item
          name="reason"
          label={t('dialog.reason')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.operatorReason') }]}
        >
          <Input maxLength={200} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

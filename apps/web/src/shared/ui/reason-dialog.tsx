import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormError } from './report-form-error';

export type WithReason<Values> = Values & { reason: string };

interface ReasonDialogProps<Values> {
  title: string;
  /** What the change does, said before the operator confirms it. */
  description?: ReactNode;
  okText: string;
  /** Said once the server took the change. */
  doneText: string;
  danger?: boolean;
  initialValues?: Partial<Values>;
  /** The inputs of the change, beside the reason every operator action carries. */
  children?: ReactNode;
  onSubmit(values: WithReason<Values>): Promise<unknown>;
  onClose(): void;
  testId: string;
}

/**
 * Confirms one operator's action of the operations console with the reason the audit log keeps. A refusal shows under the input it names,
 * or in the server's words when no input is at fault (another operator changed the row first: 409).
 */
export function ReasonDialog<Values extends object>({
  title,
  description,
  okText,
  doneText,
  danger,
  initialValues,
  children,
  onSubmit,
  onClose,
  testId,
}: ReasonDialogProps<Values>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<WithReason<Values>>();

  const submit = async (values: WithReason<Values>) => {
    const done = await onSubmit(values).then(
      () => true,
      (error: unknown) => reportFormError(form, error),
    );
    if (done) {
      void message.success(doneText);
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
          label={t('operatorAction.reason')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.operatorReason') }]}
        >
          <Input maxLength={200} autoComplete="off" data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { App, Button, Checkbox, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useSignApiUserContract, type ApiUserSignBody } from '../api/api-user-contract';
import { usePartnersTranslation } from '../use-partners-translation';

type SignValues = ApiUserSignBody & { agreementAccepted?: boolean };

interface ApiUserSignDialogProps {
  onViewContract: () => void;
  onClose: () => void;
}

/**
 * Spec §7 apiUserSign: the name and ID number of the user's real-name identity, with the contract read; a mismatch is
 * refused with spec §8's "Signing failed, please check name and ID number", shown under the ID number.
 */
export function ApiUserSignDialog({ onViewContract, onClose }: ApiUserSignDialogProps) {
  const { t } = usePartnersTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SignValues>();
  const sign = useSignApiUserContract();

  const submit = async ({ name, idNumber }: SignValues) => {
    const signed = await sign.mutateAsync({ name, idNumber }).catch((error: unknown) => reportFormError(form, error));
    if (signed) {
      void message.success(t('apiContract.done'));
      onClose();
    }
  };

  return (
    <Modal
      open
      title={t('apiContract.signTitle')}
      okText={t('apiContract.submit')}
      cancelText={t('apiContract.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sign.isPending}
      okButtonProps={{ 'data-testid': 'api-sign-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('apiContract.identity')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ agreementAccepted: false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('apiContract.name')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.realNameRequired') }]}
        >
          <Input maxLength={40} autoComplete="name" data-testid="api-sign-name" />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={t('apiContract.idNumber')}
          rules={[
            { required: true, whitespace: true, message: t('contract:validation.idCardRequired') },
            { pattern: /^\d{17}[\dXx]$/, message: t('contract:validation.idCard') },
          ]}
        >
          <Input maxLength={18} autoComplete="off" data-testid="api-sign-id-number" />
        </Form.Item>
        <Form.Item
          name="agreementAccepted"
          valuePropName="checked"
          rules={[
            {
              validator: (_, accepted: boolean | undefined) =>
                accepted ? Promise.resolve() : Promise.reject(new Error(t('apiContract.agreementRequired'))),
            },
          ]}
          extra={
            <Button type="link" size="small" onClick={onViewContract} style={{ paddingInline: 0 }}>
              {t('apiContract.view')}
            </Button>
          }
        >
          <Checkbox data-testid="api-sign-agreement">{t('apiContract.agreement')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

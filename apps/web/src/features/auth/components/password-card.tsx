import { LIMITS } from '@suanli/contract';
import { App, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useHasPassword } from '../api/get-is-pwd';
import { useUpdatePassword } from '../api/update-password';

interface PasswordValues {
  oldPassword?: string;
  password: string;
  confirm: string;
}

/**
 * Password set or change (spec §2 "Password and phone binding", §5): the current password is asked for only when
 * one exists; a WeChat-registered user sets a first one.
 */
export function PasswordCard() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const hasPassword = useHasPassword();
  const update = useUpdatePassword();

  const submit = async ({ oldPassword, password }: PasswordValues) => {
    try {
      await update.mutateAsync(hasPassword.data ? { oldPassword, password } : { password });
    } catch (error) {
      reportFormError(form, error);
      return;
    }
    form.resetFields();
    void message.success(t('security.password.saved'));
  };

  const title = hasPassword.data ? t('security.password.changeTitle') : t('security.password.setTitle');
  return (
    <Card title={hasPassword.isPending ? t('security.password.title') : title} data-testid="security-password">
      {hasPassword.isPending ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 420 }}>
          <Typography.Paragraph type="secondary" data-testid="password-guidance">
            {t('security.password.guidance')}
          </Typography.Paragraph>
          {hasPassword.data ? (
            <Form.Item
              name="oldPassword"
              label={t('security.password.current')}
              rules={[{ required: true, message: t('security.password.currentRequired') }]}
            >
              <Input.Password autoComplete="current-password" data-testid="password-current" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="password"
            label={t('security.password.new')}
            rules={[
              { required: true, message: t('validation.passwordRequired') },
              { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('validation.passwordLength') },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="password-new" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('security.password.confirm')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('security.password.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('security.password.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="password-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="password-submit">
            {t('security.password.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

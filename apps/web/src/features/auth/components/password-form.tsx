import { LIMITS } from '@suanli/contract';
import { App, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useUpdatePassword } from '../api/update-password';

interface PasswordValues {
  oldPassword?: string;
  password: string;
  confirm: string;
}

interface PasswordFormProps {
  /** Whether a password exists (getIsPwd); only then is the current one asked for. */
  hasPassword: boolean;
  onDone: () => void;
}

/**
 * Password set or change (spec §2 "Password and phone binding", §5): the current password is asked for only when
 * one exists; a WeChat-registered user sets a first one.
 */
export function PasswordForm({ hasPassword, onDone }: PasswordFormProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdatePassword();

  const submit = async ({ oldPassword, password }: PasswordValues) => {
    try {
      await update.mutateAsync(hasPassword ? { oldPassword, password } : { password });
    } catch (error) {
      reportFormError(form, error);
      return;
    }
    void message.success(t('security.password.saved'));
    onDone();
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
      <Typography.Paragraph type="secondary" data-testid="password-guidance">
        {t('security.password.guidance')}
      </Typography.Paragraph>
      {hasPassword ? (
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
        dependencies={hasPassword ? ['oldPassword'] : []}
        rules={[
          { required: true, message: t('validation.passwordRequired') },
          { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('validation.passwordLength') },
          // The server refuses it too (auth.passwordUnchanged); saying so here spares a round trip.
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !hasPassword || !value || value !== getFieldValue('oldPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('contract:auth.passwordUnchanged'))),
          }),
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
  );
}

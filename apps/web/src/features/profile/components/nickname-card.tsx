import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useUpdateNickName } from '../api/update-nick-name';

const NICKNAME_MAX = 20;

interface NicknameValues {
  nickName: string;
}

function NicknameForm({ nickName }: NicknameValues) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<NicknameValues>();
  const update = useUpdateNickName();

  const submit = async ({ nickName: next }: NicknameValues) => {
    try {
      await update.mutateAsync(next.trim());
    } catch (error) {
      reportFormError(form, error);
      return;
    }
    void message.success(t('nickname.saved'));
  };

  return (
    <Form form={form} layout="inline" initialValues={{ nickName }} onFinish={(values) => void submit(values)}>
      <Form.Item
        name="nickName"
        rules={[
          { required: true, whitespace: true, message: t('nickname.required') },
          { max: NICKNAME_MAX, message: t('contract:validation.nickName') },
        ]}
      >
        <Input
          maxLength={NICKNAME_MAX}
          aria-label={t('nickname.title')}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="profile-nickname-input"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-nickname-submit">
        {t('save')}
      </Button>
    </Form>
  );
}

/** The nickname shown in the header and the avatar dropdown; the current one comes from the page. */
export function NicknameCard({ nickName }: NicknameValues) {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('nickname.title')} data-testid="profile-nickname">
      {/* Keyed by the loaded name, so the form (and its instance) starts from it once the user info arrives. */}
      <NicknameForm key={nickName} nickName={nickName} />
    </Card>
  );
}

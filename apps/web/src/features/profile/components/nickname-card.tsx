import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store';
import { useUpdateNickName } from '../api/update-nick-name';

const NICKNAME_MAX = 20;

/** The nickname shown in the header and the avatar dropdown. */
export function NicknameCard() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const nickName = useSession((state) => state.userInfoMsg?.nickName ?? '');
  const update = useUpdateNickName();

  const submit = async ({ nickName: next }: { nickName: string }) => {
    await update.mutateAsync(next.trim());
    void message.success(t('nickname.saved'));
  };

  return (
    <Card title={t('nickname.title')} data-testid="profile-nickname">
      {/* Keyed by the loaded name, so the field starts from it once the user info arrives. */}
      <Form
        key={nickName}
        layout="inline"
        initialValues={{ nickName }}
        onFinish={(values: { nickName: string }) => submit(values).catch(() => null)}
      >
        <Form.Item
          name="nickName"
          rules={[
            { required: true, whitespace: true, message: t('nickname.required') },
            { max: NICKNAME_MAX, message: t('contract:validation.nickName') },
          ]}
        >
          <Input maxLength={NICKNAME_MAX} style={{ width: 240 }} data-testid="profile-nickname-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-nickname-submit">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

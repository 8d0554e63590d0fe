import { CloseCircleFilled } from '@ant-design/icons';
import { PROFILE_OPTIONS, type ProfileOptionField } from '@suanli/contract';
import { App, Button, Card, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useProfile, type Profile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';

const FIELDS = Object.keys(PROFILE_OPTIONS) as ProfileOptionField[];

/** Profile information with the fixed option lists of spec §3; the enterprise name is free text. */
export function ProfileCard() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<Profile>();
  const profile = useProfile();
  const save = useSaveProfile();

  const submit = async (values: Profile) => {
    const enterpriseName = values.enterpriseName?.trim() || null;
    const chosen = Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? null]));
    try {
      await save.mutateAsync({ ...(chosen as Omit<Profile, 'enterpriseName'>), enterpriseName });
    } catch (error) {
      reportFormError(form, error);
      return;
    }
    void message.success(t('info.saved'));
  };

  const select = (field: ProfileOptionField) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item name={field} label={t(`info.fields.${field}`)}>
        <Select
          // antd's clear button says "Clear" in English whatever the locale; it is given the console's word.
          allowClear={{ clearIcon: <CloseCircleFilled />, label: t('common:clear') }}
          placeholder={t('info.choose')}
          data-testid={`profile-${field}`}
          options={PROFILE_OPTIONS[field].map((value) => ({
            value,
            label: t(`contract:users.profileOptions.${field}.${value}`),
          }))}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('info.title')} data-testid="profile-info">
      {profile.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={profile.data ?? {}}
          onFinish={(values) => void submit(values)}
        >
          <Row gutter={16}>
            {FIELDS.map(select)}
            <Col xs={24} md={12}>
              <Form.Item name="enterpriseName" label={t('info.fields.enterpriseName')}>
                <Input maxLength={100} data-testid="profile-enterpriseName" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-info-submit">
            {t('save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

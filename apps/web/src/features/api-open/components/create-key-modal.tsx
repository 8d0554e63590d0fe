import { LIMITS } from '@suanli/contract';
import { DatePicker, Form, Input, Modal, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useCreateCredential, type IssuedKey } from '../api/credentials';
import { useApiOpenTranslation } from '../use-api-open-translation';

interface CreateKeyModalProps {
  open: boolean;
  onCreated(issued: IssuedKey): void;
  onCancel(): void;
}

interface CreateKeyValues {
  name: string;
  expireDate?: Dayjs | null;
}

/** Asks for a key's name and optional last day; the server's rules are the judge, shown beside the field at fault. */
export function CreateKeyModal({ open, onCreated, onCancel }: CreateKeyModalProps) {
  const { t } = useApiOpenTranslation();
  const [form] = Form.useForm<CreateKeyValues>();
  const create = useCreateCredential();

  const submit = (values: CreateKeyValues) => {
    const body = {
      name: values.name.trim(),
      ...(values.expireDate ? { expireDate: values.expireDate.format('YYYY-MM-DD') } : {}),
    };
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => reportFormError(form, error),
    });
  };

  return (
    <Modal
      title={t('create.title')}
      open={open}
      destroyOnHidden
      confirmLoading={create.isPending}
      okText={t('create.submit')}
      cancelText={t('keys.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'api-key-create-submit' } as ButtonProps}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('create.name')}
          rules={[
            { required: true, whitespace: true, message: t('create.nameRequired') },
            { max: LIMITS.apiKeyNameMaxLength, message: t('create.nameRequired') },
          ]}
        >
          <Input placeholder={t('create.namePlaceholder')} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="expireDate" label={t('create.expireDate')} extra={t('create.expireHint')}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            data-testid="api-key-expire-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

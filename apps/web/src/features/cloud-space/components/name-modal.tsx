import { Form, Input, Modal } from 'antd';
import { useCloudSpaceTranslation } from '../use-cloud-space-translation';

interface NameModalProps {
  title: string;
  open: boolean;
  initial?: string;
  busy: boolean;
  onSubmit(name: string): void;
  onCancel(): void;
}

/** Asks for a name: a new folder's, or an entry's new one. The server's rules (and 409 when taken) are the judge. */
export function NameModal({ title, open, initial = '', busy, onSubmit, onCancel }: NameModalProps) {
  const { t } = useCloudSpaceTranslation();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      title={title}
      open={open}
      destroyOnHidden
      confirmLoading={busy}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        preserve={false}
        initialValues={{ name: initial }}
        onFinish={(values) => onSubmit(values.name.trim())}
      >
        <Form.Item
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('name.required') },
            { max: 255, message: t('name.tooLong') },
            { pattern: /^[^/\\]*$/, message: t('name.slash') },
          ]}
        >
          <Input autoFocus data-testid="cloud-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

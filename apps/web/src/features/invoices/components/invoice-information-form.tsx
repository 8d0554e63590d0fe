import { InvoiceType, PHONE_PATTERN, EMAIL_PATTERN } from '@suanli/contract';
import { App, Button, Form, Input, Radio, Skeleton, type FormRule } from 'antd';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useInvoiceInformation } from '../api/get-invoice-information';
import { useSaveInvoiceInformation, type InvoiceInformationInput } from '../api/save-invoice-information';
import { useInvoicesTranslation } from '../use-invoices-translation';

const TAX_NUMBER = /^[0-9A-Za-z]{15,20}$/;

/**
 * Spec §3 invoice information: title, taxpayer number, type (VAT general or special), contact, phone, e-mail, bank,
 * account and address, each required with the messages of spec §5 (the contract's, as the server words them).
 */
export function InvoiceInformationForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useInvoicesTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InvoiceInformationInput>();
  const information = useInvoiceInformation();
  const save = useSaveInvoiceInformation(Boolean(information.data));

  if (information.isPending) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }

  const required = (key: string): FormRule[] => [
    { required: true, whitespace: true, message: t(`contract:validation.${key}`) },
  ];
  const matching = (pattern: RegExp, key: string): FormRule[] => [
    { required: true, message: t(`contract:validation.${key}`) },
    { pattern, message: t(`contract:validation.${key}`) },
  ];

  const submit = async (values: InvoiceInformationInput) => {
    const saved = await save.mutateAsync(values).catch((error: unknown) => reportFormError(form, error));
    if (saved) {
      void message.success(t('information.saved'));
      onSaved?.();
    }
  };

  const text = (name: keyof InvoiceInformationInput, rules: FormRule[]) => (
    <Form.Item name={name} label={t(`information.${name}`)} rules={rules}>
      <Input autoComplete="off" data-testid={`invoice-information-${name}`} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={information.data ?? { type: 'vatGeneral' }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 560 }}
      data-testid="invoice-information-form"
    >
      {text('title', required('invoiceTitle'))}
      {text('taxNumber', matching(TAX_NUMBER, 'taxNumber'))}
      <Form.Item name="type" label={t('information.type')} rules={[{ required: true }]}>
        <Radio.Group
          options={InvoiceType.values.map((type) => ({ value: type, label: t(`contract:enums.invoiceType.${type}`) }))}
        />
      </Form.Item>
      {text('contactName', required('invoiceContact'))}
      {text('phone', matching(PHONE_PATTERN, 'phone'))}
      {text('email', matching(EMAIL_PATTERN, 'email'))}
      {text('bank', required('invoiceBank'))}
      {text('account', required('invoiceAccount'))}
      {text('address', required('invoiceAddress'))}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="invoice-information-save">
        {t('information.save')}
      </Button>
    </Form>
  );
}

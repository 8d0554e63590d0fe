import { PHONE_PATTERN } from '@suanli/contract';
import { App, Checkbox, Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useSubmitPartnerRequest, type PaymentAccount, type PartnerRequest } from '../api/partners';
import { usePartnersTranslation } from '../use-partners-translation';

export interface AccountValues {
  kind: 'personal' | 'company';
  name?: string | null;
  idNumber?: string | null;
  alipayPhone?: string | null;
  companyName?: string | null;
  cardNumber?: string | null;
  openingBank?: string | null;
  agreementAccepted?: boolean;
}

/** The request a saved or entered account makes, with the withdrawal's amount and invoice when it is one. */
export function requestOf(
  account: AccountValues,
  withdrawal?: { amount: string; invoiceType: 'vatGeneral' | 'vatSpecial' },
): PartnerRequest {
  const common = { agreementAccepted: true, ...withdrawal };
  return account.kind === 'personal'
    ? {
        kind: 'personal',
        body: {
          name: account.name ?? '',
          idNumber: account.idNumber ?? '',
          alipayPhone: account.alipayPhone ?? '',
          ...common,
        },
      }
    : {
        kind: 'company',
        body: {
          companyName: account.companyName ?? '',
          cardNumber: account.cardNumber ?? '',
          openingBank: account.openingBank ?? '',
          ...common,
        },
      };
}

interface AccountDialogProps {
  account: PaymentAccount | null;
  onClose: () => void;
}

/** Spec §5: the payment account, personal or company, with the partner agreement accepted (joining the programme). */
export function AccountDialog({ account, onClose }: AccountDialogProps) {
  const { t } = usePartnersTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountValues>();
  const submit = useSubmitPartnerRequest();
  const kind = Form.useWatch('kind', form) ?? account?.kind ?? 'personal';
  const required = (field: string) => [{ required: true, whitespace: true, message: t('account.required', { field }) }];

  const save = async (values: AccountValues) => {
    const saved = await submit.mutateAsync(requestOf(values)).catch((error: unknown) => reportFormError(form, error));
    if (saved) {
      void message.success(t('account.saved'));
      onClose();
    }
  };

  return (
    <Modal
      open
      title={t('account.title')}
      okText={t('account.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submit.isPending}
      okButtonProps={{ 'data-testid': 'partner-account-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'personal', ...account, agreementAccepted: false }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="kind" label={t('account.kind')}>
          <Radio.Group
            options={[
              { value: 'personal', label: t('account.personal') },
              { value: 'company', label: t('account.company') },
            ]}
            data-testid="partner-account-kind"
          />
        </Form.Item>
        {kind === 'personal' ? (
          <>
            <Form.Item name="name" label={t('account.name')} rules={required(t('account.name'))}>
              <Input maxLength={40} data-testid="partner-account-name" />
            </Form.Item>
            <Form.Item
              name="idNumber"
              label={t('account.idNumber')}
              rules={[
                ...required(t('account.idNumber')),
                { pattern: /^\d{17}[\dXx]$/, message: t('contract:validation.idCard') },
              ]}
            >
              <Input maxLength={18} data-testid="partner-account-id-number" />
            </Form.Item>
            <Form.Item
              name="alipayPhone"
              label={t('account.alipayPhone')}
              rules={[
                ...required(t('account.alipayPhone')),
                { pattern: PHONE_PATTERN, message: t('contract:validation.phone') },
              ]}
            >
              <Input maxLength={11} data-testid="partner-account-alipay-phone" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="companyName" label={t('account.companyName')} rules={required(t('account.companyName'))}>
              <Input maxLength={80} data-testid="partner-account-company-name" />
            </Form.Item>
            <Form.Item
              name="cardNumber"
              label={t('account.cardNumber')}
              rules={[
                ...required(t('account.cardNumber')),
                { pattern: /^\d{8,30}$/, message: t('contract:validation.partners.cardNumber') },
              ]}
            >
              <Input maxLength={30} data-testid="partner-account-card-number" />
            </Form.Item>
            <Form.Item name="openingBank" label={t('account.openingBank')} rules={required(t('account.openingBank'))}>
              <Input maxLength={80} data-testid="partner-account-opening-bank" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="agreementAccepted"
          valuePropName="checked"
          rules={[
            {
              validator: (_, accepted: boolean | undefined) =>
                accepted ? Promise.resolve() : Promise.reject(new Error(t('account.agreementRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="partner-account-agreement">{t('account.agreement')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

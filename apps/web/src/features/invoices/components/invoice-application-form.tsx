import { formatMoney, money, parseMoney, TIMING } from '@suanli/contract';
import { Alert, App, Button, Form, Input, Skeleton, Typography, type FormRule } from 'antd';
import { Link } from 'react-router';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useInvoiceApplicationMutation, type InvoiceApplicationInput } from '../api/apply-for-invoice';
import { useInvoiceInformation } from '../api/get-invoice-information';
import { useInvoiceableAmount } from '../api/get-invoiceable-amount';
import type { InvoiceApplication } from '../api/list-invoice-applications';
import { useInvoicesTranslation } from '../use-invoices-translation';

interface InvoiceApplicationFormProps {
  /** The application being edited (under review) or corrected (rejected); none to apply for a new one. */
  application?: InvoiceApplication;
  onDone: () => void;
}

/** `amount` in yuan text, or null when it is not a positive amount with at most two decimals (spec §5). */
function amountUnits(text: string): bigint | null {
  const units = parseMoney(text, 2);
  return units !== null && units > 0n ? units : null;
}

/**
 * Spec §5: the amount is required, positive, with at most two decimals and not above the invoiceable amount (counting
 * what the application under review holds itself); the remark is optional. The server checks the same rules again.
 */
export function InvoiceApplicationForm({ application, onDone }: InvoiceApplicationFormProps) {
  const { t } = useInvoicesTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InvoiceApplicationInput>();
  const information = useInvoiceInformation();
  const amounts = useInvoiceableAmount();
  const kind = !application ? 'apply' : application.status === 'rejected' ? 'resubmit' : 'edit';
  const mutation = useInvoiceApplicationMutation(
    application ? { kind: kind === 'resubmit' ? 'resubmit' : 'edit', id: application.id } : { kind: 'apply' },
  );

  if (information.isPending || amounts.isPending) {
    return <Skeleton active paragraph={{ rows: 4 }} />;
  }
  if (!information.data) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('apply.noInformation')}
        action={<Link to="/invoicesMsg">{t('apply.fillInformation')}</Link>}
        data-testid="invoice-information-missing"
      />
    );
  }

  const held = kind === 'edit' && application ? (parseMoney(application.amount) ?? 0n) : 0n;
  const available = (parseMoney(amounts.data?.invoiceable ?? '0') ?? 0n) + held;
  const maximum = formatMoney(money(available));
  const amountRules: FormRule[] = [
    { required: true, whitespace: true, message: t('apply.amountRequired') },
    {
      validator: (_, value: string | undefined) => {
        if (!value?.trim()) {
          return Promise.resolve();
        }
        const units = amountUnits(value);
        if (units === null) {
          return Promise.reject(new Error(t('contract:validation.invoiceAmount')));
        }
        return units > available
          ? Promise.reject(new Error(t('contract:invoices.amountAboveInvoiceable', { invoiceable: maximum })))
          : Promise.resolve();
      },
    },
  ];

  const submit = async (values: InvoiceApplicationInput) => {
    const done = await mutation
      .mutateAsync({ amount: values.amount.trim(), remark: values.remark?.trim() ?? '' })
      .catch((error: unknown) => reportFormError(form, error));
    if (done) {
      void message.success(
        kind === 'edit' ? t('apply.saved') : t('apply.done', { days: TIMING.invoiceDeliveryWorkingDays }),
      );
      onDone();
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={application ? { amount: application.amount, remark: application.remark } : {}}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 480 }}
      data-testid="invoice-application-form"
    >
      {application?.status === 'rejected' && application.rejectionNote ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('apply.rejected', { note: application.rejectionNote })}
        />
      ) : null}
      <Typography.Paragraph>
        {t('apply.madeOutTo', {
          title: information.data.title,
          type: t(`contract:enums.invoiceType.${information.data.type}`),
        })}{' '}
        <Link to="/invoicesMsg">{t('apply.changeInformation')}</Link>
      </Typography.Paragraph>
      <Form.Item name="amount" label={t('apply.amount')} rules={amountRules} validateFirst>
        <Input
          prefix="¥"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('apply.amountPlaceholder', { max: maximum })}
          data-testid="invoice-amount"
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('apply.remark')}
        rules={[{ max: 200, message: t('contract:validation.invoiceRemark') }]}
      >
        <Input.TextArea rows={3} placeholder={t('apply.remarkPlaceholder')} data-testid="invoice-remark" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="invoice-application-submit">
        {t(kind === 'apply' ? 'apply.submit' : kind === 'edit' ? 'apply.save' : 'apply.resubmit')}
      </Button>
    </Form>
  );
}

import { applyRatesToFen, formatMoney, money, parseMoney, type Money } from '@suanli/contract';
import { App, Descriptions, Form, Input, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { MoneyText } from '@/shared/ui/money-text';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useSubmitPartnerRequest, type PartnerAmounts, type PaymentAccount } from '../api/partners';
import { requestOf } from './account-dialog';
import { usePartnersTranslation } from '../use-partners-translation';

interface WithdrawValues {
  amount?: string;
  invoiceType: 'vatGeneral' | 'vatSpecial';
}

const units = (yuan: string) => parseMoney(yuan, 2) ?? money(0n);

/** The fee of a withdrawal as the server charges it: the rate in percent, rounded half-up to the fen. */
const feeOf = (amount: Money, percent: string) => applyRatesToFen(amount, Math.round(Number(percent) * 100));

interface WithdrawDialogProps {
  account: PaymentAccount;
  amounts: PartnerAmounts;
  onClose: () => void;
}

/**
 * Spec §5, §8, §9: a withdrawal to the saved account, within the withdrawable amount, which must reach the threshold,
 * at least the minimum; the fee of the chosen invoice, what the payee receives and what is held while it is reviewed.
 */
export function WithdrawDialog({ account, amounts, onClose }: WithdrawDialogProps) {
  const { t } = usePartnersTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<WithdrawValues>();
  const submit = useSubmitPartnerRequest();
  const amountText = Form.useWatch('amount', form) ?? '';
  const invoiceType = Form.useWatch('invoiceType', form) ?? 'vatGeneral';
  const amount = units(amountText);
  const fee = feeOf(amount, amounts.feeRates[invoiceType]);
  const withdrawable = units(amounts.withdrawable);

  const check = (_: unknown, value: string | undefined) => {
    const asked = parseMoney((value ?? '').trim(), 2);
    if (!value?.trim()) {
      return Promise.reject(new Error(t('withdraw.amountRequired')));
    }
    if (asked === null) {
      return Promise.reject(new Error(t('contract:validation.partners.withdrawalAmount')));
    }
    if (withdrawable === 0n) {
      return Promise.reject(new Error(t('withdraw.noWithdrawable')));
    }
    if (withdrawable < units(amounts.threshold)) {
      return Promise.reject(new Error(t('withdraw.threshold', { threshold: amounts.threshold })));
    }
    if (asked < units(amounts.minimum)) {
      return Promise.reject(new Error(t('withdraw.minimum', { minimum: amounts.minimum })));
    }
    if (asked > withdrawable) {
      return Promise.reject(new Error(t('withdraw.exceeds')));
    }
    return Promise.resolve();
  };

  const send = async (values: WithdrawValues) => {
    const request = requestOf(account, { amount: values.amount!.trim(), invoiceType: values.invoiceType });
    const done = await submit.mutateAsync(request).catch((error: unknown) => reportFormError(form, error));
    if (done) {
      void message.success(t('withdraw.submitted'));
      onClose();
    }
  };

  const confirm = (values: WithdrawValues) =>
    modal.confirm({
      title: t('withdraw.confirmTitle'),
      content: t('withdraw.confirmContent', {
        amount: formatMoney(amount),
        fee: formatMoney(fee),
        payout: formatMoney(money(amount - fee)),
      }),
      okText: t('withdraw.ok'),
      cancelText: t('withdraw.cancel'),
      okButtonProps: { 'data-testid': 'partner-withdraw-confirm' } as ButtonProps,
      onOk: () => send(values),
    });

  const payee =
    account.kind === 'personal'
      ? `${account.name} · ${account.alipayPhone}`
      : `${account.companyName} · ${account.openingBank}`;
  return (
    <Modal
      open
      title={t('withdraw.title')}
      okText={t('withdraw.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submit.isPending}
      okButtonProps={{ 'data-testid': 'partner-withdraw-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('amounts.withdrawable')}: <MoneyText value={amounts.withdrawable} data-testid="partner-withdraw-available" />
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ invoiceType: 'vatGeneral' }} onFinish={confirm}>
        <Form.Item label={t('withdraw.payee')}>
          <Typography.Text data-testid="partner-withdraw-payee">{payee}</Typography.Text>
        </Form.Item>
        <Form.Item name="amount" label={t('withdraw.amount')} validateFirst rules={[{ validator: check }]}>
          <Input inputMode="decimal" maxLength={12} data-testid="partner-withdraw-amount" />
        </Form.Item>
        <Form.Item name="invoiceType" label={t('withdraw.invoice')}>
          <Radio.Group
            options={[
              { value: 'vatGeneral', label: t('withdraw.vatGeneral', { rate: amounts.feeRates.vatGeneral }) },
              { value: 'vatSpecial', label: t('withdraw.vatSpecial', { rate: amounts.feeRates.vatSpecial }) },
            ]}
            data-testid="partner-withdraw-invoice"
          />
        </Form.Item>
      </Form>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'fee',
            label: t('withdraw.fee'),
            children: <MoneyText value={formatMoney(fee)} data-testid="partner-withdraw-fee" />,
          },
          {
            key: 'payout',
            label: t('withdraw.payout'),
            children: <MoneyText value={formatMoney(money(amount - fee))} data-testid="partner-withdraw-payout" />,
          },
          {
            key: 'held',
            label: t('withdraw.held'),
            children: <MoneyText value={formatMoney(amount)} data-testid="partner-withdraw-held" />,
          },
        ]}
      />
    </Modal>
  );
}

import { LIMITS, UNITS_PER_YUAN } from '@suanli/contract';
import { Button, Form, Radio, Segmented, type FormRule } from 'antd';
import { useState } from 'react';
import { isPhoneScreen } from '@/shared/ui/phone-screen';
import { reportFormError } from '@/shared/ui/report-form-error';
import { WholeYuanInput } from '@/shared/ui/whole-yuan-input';
import { useRechargeInfo, wholeYuan } from '../api/get-recharge-info';
import { useOpenBankTransfer, type BankTransfer } from '../api/open-bank-transfer';
import { useOpenAlipayWap, useOpenRecharge, type RechargeChannel, type RechargeOrder } from '../api/recharge';
import styles from './recharge-form.module.css';
import { BankTransferDialog, preloadPaymentDialogs, RechargeDialog } from './payment-views';
import { useWalletTranslation } from '../use-wallet-translation';

const MAX_YUAN = Number(LIMITS.rechargeMaxUnits / UNITS_PER_YUAN);

interface RechargeValues {
  preset: number | 'other';
  other: number | null;
  channel: RechargeChannel | 'bank';
}

interface OpenOrder {
  channel: RechargeChannel;
  amount: number;
  details: RechargeOrder;
  /** When the QR expires by this browser's clock, counted from when the order arrived. */
  deadline: number;
}

const amountOf = ({ preset, other }: RechargeValues) => (preset === 'other' ? other : preset);

/**
 * Top up (spec §5: a preset or a whole amount of your own, at most 5000 per recharge). WeChat Pay or Alipay open a
 * dialog with the order's QR, which stays until the order is paid, cancelled or invalid; on a phone, which cannot
 * scan its own screen, Alipay goes to Alipay's mobile-website page instead and comes back here with the order (see
 * RechargePanel). A bank transfer opens a dialog with the account to pay into and the remark to write.
 */
export function RechargeForm() {
  const { t } = useWalletTranslation();
  const [form] = Form.useForm<RechargeValues>();
  const preset = Form.useWatch('preset', form);
  const open = useOpenRecharge();
  const openBankTransfer = useOpenBankTransfer();
  const openAlipayWap = useOpenAlipayWap();
  const [order, setOrder] = useState<OpenOrder | null>(null);
  const [transfer, setTransfer] = useState<BankTransfer | null>(null);
  // The amounts most people pick, from the server; any other whole amount up to the limit may be typed.
  const presets = (useRechargeInfo().data?.presets ?? []).map(wholeYuan);

  const submit = async (values: RechargeValues) => {
    const amount = amountOf(values)!;
    const { channel } = values;
    const report = (error: unknown) => reportFormError(form, error, { fields: { amount: 'other' } });
    preloadPaymentDialogs();
    if (channel === 'bank') {
      setTransfer((await openBankTransfer.mutateAsync(amount).catch(report)) ?? null);
      return;
    }
    if (channel === 'alipay' && isPhoneScreen()) {
      const wap = await openAlipayWap.mutateAsync(amount).catch(report);
      if (wap) {
        window.location.assign(wap.payUrl);
      }
      return;
    }
    const details = await open.mutateAsync({ channel, amount }).catch(report);
    if (details) {
      setOrder({ channel, amount, details, deadline: Date.now() + details.expiresIn * 1_000 });
    }
  };

  const otherRules: FormRule[] = [
    {
      validator: (_, value: number | null | undefined) =>
        preset !== 'other' || (Number.isInteger(value) && value! >= 1 && value! <= MAX_YUAN)
          ? Promise.resolve()
          : Promise.reject(new Error(t('contract:validation.rechargeAmount'))),
    },
  ];

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ preset: 100, other: null, channel: 'wechat' }}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 560 }}
        data-testid="recharge-form"
      >
        <Form.Item name="preset" label={t('recharge.amount')}>
          <Segmented<number | 'other'>
            className={styles.presets}
            options={[
              ...presets.map((value) => ({
                value,
                label: <span data-testid={`recharge-preset-${value}`}>¥{value}</span>,
              })),
              { value: 'other', label: <span data-testid="recharge-preset-other">{t('recharge.other')}</span> },
            ]}
          />
        </Form.Item>
        {preset === 'other' ? (
          <Form.Item
            name="other"
            label={t('recharge.otherAmount')}
            rules={otherRules}
            extra={t('recharge.limit', { max: MAX_YUAN })}
          >
            <WholeYuanInput
              style={{ width: 200 }}
              placeholder={t('recharge.otherPlaceholder', { max: MAX_YUAN })}
              data-testid="recharge-other"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="channel" label={t('recharge.channel')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'wechat', label: t('contract:enums.paymentChannel.wechat') },
              { value: 'alipay', label: t('contract:enums.paymentChannel.alipay') },
              { value: 'bank', label: t('contract:enums.paymentChannel.bank') },
            ]}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={open.isPending || openBankTransfer.isPending || openAlipayWap.isPending}
          data-testid="recharge-submit"
        >
          {t('recharge.submit')}
        </Button>
      </Form>
      {order ? (
        <RechargeDialog
          channel={order.channel}
          amount={order.amount}
          order={order.details}
          deadline={order.deadline}
          onClose={() => setOrder(null)}
        />
      ) : null}
      {transfer ? <BankTransferDialog transfer={transfer} onClose={() => setTransfer(null)} /> : null}
    </>
  );
}

import { POWER_POINTS, UNITS_PER_YUAN } from '@suanli/contract';
import { App, Button, Form, type ButtonProps, type FormRule } from 'antd';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { newIdempotencyKey } from '@/shared/http';
import { MoneyText } from '@/shared/ui/money-text';
import { reportFormError } from '@/shared/ui/report-form-error';
import { WholeYuanInput } from '@/shared/ui/whole-yuan-input';
import { useBuyPoints, type BuyPointsInput } from '../api/buy-points';
import { BalanceShortage, isBalanceShort } from './balance-shortage';
import { PointsText } from './points-text';
import { PurchaseSummary } from './purchase-summary';
import { usePowerTranslation } from '../use-power-translation';

const MAX_YUAN = Number(POWER_POINTS.purchaseMaxUnits / UNITS_PER_YUAN);

const isAmount = (value: number | null | undefined): value is number =>
  Number.isInteger(value) && value! >= 1 && value! <= MAX_YUAN;

/**
 * Points for balance (spec §9: 100 a yuan, valid 31 days): a whole amount up to 5000 yuan, the points it buys shown as
 * it is typed, a confirmation that states the cost, and a way to recharge when the balance falls short.
 */
export function PointsPurchaseForm() {
  const { t } = usePowerTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ amount: number | null }>();
  const amount = Form.useWatch('amount', form);
  const buy = useBuyPoints();
  const [shortage, setShortage] = useState<string | null>(null);

  const send = async (input: BuyPointsInput) => {
    const result = await buy.mutateAsync(input).catch((error: unknown) => {
      if (isBalanceShort(error)) {
        setShortage(error.serverMessage);
      } else {
        reportFormError(form, error);
      }
    });
    if (!result) {
      return;
    }
    void message.success(
      <span data-testid="power-buy-done">
        <Trans
          t={t}
          i18nKey="buy.done"
          components={{ points: <PointsText value={result.points} />, amount: <MoneyText value={result.amount} /> }}
        />
      </span>,
    );
    form.resetFields();
  };

  const confirm = ({ amount: yuan }: { amount: number | null }) => {
    setShortage(null);
    const input = { amount: yuan!, idempotencyKey: newIdempotencyKey() };
    modal.confirm({
      title: t('buy.confirm.title'),
      content: (
        <PurchaseSummary
          items={[
            {
              key: 'points',
              label: t('buy.confirm.points'),
              children: <PointsText value={yuan! * POWER_POINTS.perYuan} />,
            },
            {
              key: 'validity',
              label: t('buy.confirm.validity'),
              children: t('buy.confirm.days', { days: POWER_POINTS.validDays }),
            },
            {
              key: 'cost',
              label: t('buy.confirm.cost'),
              children: <MoneyText value={String(yuan)} data-testid="power-buy-cost" />,
            },
          ]}
          note={t('buy.confirm.note')}
          data-testid="power-buy-summary"
        />
      ),
      okText: t('buy.confirm.ok'),
      cancelText: t('buy.confirm.cancel'),
      okButtonProps: { 'data-testid': 'power-buy-confirm-ok' } as ButtonProps,
      onOk: () => send(input),
    });
  };

  const rules: FormRule[] = [
    {
      validator: (_, value: number | null | undefined) =>
        isAmount(value) ? Promise.resolve() : Promise.reject(new Error(t('contract:validation.powerPointAmount'))),
    },
  ];

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ amount: null }}
      onFinish={confirm}
      style={{ maxWidth: 560 }}
      data-testid="power-buy-form"
    >
      {shortage ? <BalanceShortage message={shortage} onClose={() => setShortage(null)} /> : null}
      <Form.Item
        name="amount"
        label={t('buy.amount')}
        rules={rules}
        style={{ marginTop: shortage ? 16 : 0 }}
        extra={
          isAmount(amount) ? (
            <span data-testid="power-buy-preview">
              <Trans
                t={t}
                i18nKey="buy.preview"
                values={{ days: POWER_POINTS.validDays }}
                components={{ points: <PointsText value={amount * POWER_POINTS.perYuan} /> }}
              />
            </span>
          ) : (
            t('buy.rate', { points: POWER_POINTS.perYuan })
          )
        }
      >
        <WholeYuanInput
          style={{ width: '100%', maxWidth: 280 }}
          placeholder={t('buy.placeholder', { max: MAX_YUAN })}
          data-testid="power-buy-amount"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={buy.isPending} data-testid="power-buy-submit">
        {t('buy.submit')}
      </Button>
    </Form>
  );
}

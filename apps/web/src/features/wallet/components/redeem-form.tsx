import { App, Button, Form, Input } from 'antd';
import { Trans } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useRedeemCode } from '../api/redeem';
import { useWalletTranslation } from '../use-wallet-translation';

/** A redeem code (spec §5: must not be empty), credited to the balance; the server's refusal shows under the field. */
export function RedeemForm() {
  const { t } = useWalletTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const redeem = useRedeemCode();

  const submit = async ({ code }: { code: string }) => {
    const result = await redeem.mutateAsync(code.trim()).catch((error: unknown) => reportFormError(form, error));
    if (!result) {
      return;
    }
    void message.success(
      <span data-testid="redeem-done">
        <Trans
          t={t}
          i18nKey="redeem.done"
          components={{ amount: <MoneyText value={result.amount} />, balance: <MoneyText value={result.balance} /> }}
        />
      </span>,
    );
    form.resetFields();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 480 }}
      data-testid="redeem-form"
    >
      <Form.Item
        name="code"
        label={t('redeem.code')}
        rules={[{ required: true, whitespace: true, message: t('contract:validation.redeemCodeRequired') }]}
        extra={t('redeem.hint')}
      >
        <Input
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          style={{ fontFamily: 'monospace' }}
          data-testid="redeem-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={redeem.isPending} data-testid="redeem-submit">
        {t('redeem.submit')}
      </Button>
    </Form>
  );
}

import { isEmail, isPhone } from '@suanli/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, type ButtonProps, type FormRule } from 'antd';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import type { HttpError } from '@/shared/http';
import { MoneyText } from '@/shared/ui/money-text';
import { reportFormError } from '@/shared/ui/report-form-error';
import { transferTargetQueryOptions } from '../api/find-transfer-target';
import { useBalance } from '../api/get-balance';
import { useTransfer, type TransferInput } from '../api/transfer';
import { normalizeAmount, transferAmountProblem } from './transfer-amount';
import { TransferSummary } from './transfer-summary';
import { useWalletTranslation } from '../use-wallet-translation';

interface TransferValues {
  username: string;
  amount: string;
}

interface Recipient {
  username: string;
  nickName: string;
}

/**
 * Balance to another user in three steps: look the recipient up by phone or e-mail and check their masked name, type
 * the amount, confirm both in a dialog. Editing the account forgets the recipient, so the name checked is always the
 * one paid. The rules and messages are the server's (accountSchema, transferAmountSchema, the balance).
 */
export function TransferForm() {
  const { t } = useWalletTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<TransferValues>();
  const queryClient = useQueryClient();
  const balance = useBalance().data?.balance;
  const transfer = useTransfer();
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [finding, setFinding] = useState(false);

  const findRecipient = async () => {
    const values = await form.validateFields(['username']).catch(() => null);
    if (!values) {
      return;
    }
    const username = values.username.trim();
    setFinding(true);
    const target = await queryClient
      .fetchQuery(transferTargetQueryOptions(username))
      .catch((error: unknown) => reportFormError(form, error));
    setFinding(false);
    // The account may have been edited while the lookup ran; its answer then describes someone else.
    if (target && form.getFieldValue('username')?.trim() === username) {
      setRecipient({ username, nickName: target.nickName });
    }
  };

  // A refusal the server explains (insufficient balance, a conflict) is shown in its words; a failure it does not
  // explain, or explains only as a server error, in ours. A 401 has opened the login dialog instead.
  const reportFailure = (error: HttpError) => {
    if (error.kind === 'response' && error.code === 401) {
      return;
    }
    const explained = error.kind === 'response' && (error.code ?? 500) < 500 && error.serverMessage;
    void message.error(explained ? error.serverMessage : t('contract:wallet.transferFailed'));
  };

  const send = async (input: TransferInput) => {
    const result = await transfer
      .mutateAsync(input)
      .catch((error: unknown) => reportFormError(form, error, { report: reportFailure }));
    if (!result) {
      return;
    }
    void message.success(
      <span data-testid="transfer-done">
        <Trans
          t={t}
          i18nKey="transfer.done"
          components={{ amount: <MoneyText value={input.amount} />, balance: <MoneyText value={result.balance} /> }}
        />
      </span>,
    );
    form.resetFields();
    setRecipient(null);
  };

  const confirm = ({ amount }: TransferValues) => {
    if (!recipient) {
      form.setFields([{ name: 'username', errors: [t('transfer.findFirst')] }]);
      return;
    }
    const input = { username: recipient.username, amount: normalizeAmount(amount) };
    modal.confirm({
      title: t('transfer.confirm.title'),
      content: <TransferSummary nickName={recipient.nickName} username={input.username} amount={input.amount} />,
      okText: t('transfer.confirm.ok'),
      cancelText: t('transfer.confirm.cancel'),
      okButtonProps: { 'data-testid': 'transfer-confirm-ok' } as ButtonProps,
      // The dialog keeps its OK button busy until the transfer has an answer, then closes.
      onOk: () => send(input),
    });
  };

  const usernameRules: FormRule[] = [
    { required: true, whitespace: true, message: t('contract:validation.accountRequired') },
    {
      validator: (_, value: string | undefined) => {
        const account = (value ?? '').trim();
        return !account || isPhone(account) || isEmail(account)
          ? Promise.resolve()
          : Promise.reject(new Error(t('contract:validation.account')));
      },
    },
  ];
  const amountRules: FormRule[] = [
    { required: true, whitespace: true, message: t('transfer.amountRequired') },
    {
      validator: (_, value: string | undefined) => {
        const problem = value?.trim() ? transferAmountProblem(value, balance) : null;
        return problem ? Promise.reject(new Error(t(`contract:${problem}`))) : Promise.resolve();
      },
    },
  ];

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={confirm}
      onValuesChange={(changed: Partial<TransferValues>) => {
        if (changed.username !== undefined && changed.username.trim() !== recipient?.username) {
          setRecipient(null);
        }
      }}
      style={{ maxWidth: 480 }}
      data-testid="transfer-form"
    >
      <Form.Item label={t('transfer.username')} htmlFor="transfer-username">
        <Space.Compact block>
          <Form.Item name="username" noStyle rules={usernameRules} validateFirst>
            <Input
              id="transfer-username"
              placeholder={t('transfer.usernamePlaceholder')}
              autoComplete="off"
              onPressEnter={(event) => {
                // Enter looks the recipient up rather than submitting the form.
                event.preventDefault();
                void findRecipient();
              }}
              data-testid="transfer-username"
            />
          </Form.Item>
          <Button onClick={() => void findRecipient()} loading={finding} data-testid="transfer-find">
            {t('transfer.find')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {recipient ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 24 }}
          title={
            <Trans
              t={t}
              i18nKey="transfer.recipient"
              values={{ nickName: recipient.nickName }}
              components={{ name: <strong data-testid="transfer-recipient-name" /> }}
            />
          }
          description={t('transfer.recipientHint')}
          data-testid="transfer-recipient"
        />
      ) : null}
      <Form.Item
        name="amount"
        label={t('transfer.amount')}
        rules={amountRules}
        validateFirst
        extra={
          balance === undefined ? null : (
            <Trans t={t} i18nKey="transfer.available" components={{ amount: <MoneyText value={balance} /> }} />
          )
        }
      >
        <Input
          prefix="¥"
          inputMode="decimal"
          placeholder={t('transfer.amountPlaceholder')}
          autoComplete="off"
          data-testid="transfer-amount"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={transfer.isPending} data-testid="transfer-submit">
        {t('transfer.submit')}
      </Button>
    </Form>
  );
}

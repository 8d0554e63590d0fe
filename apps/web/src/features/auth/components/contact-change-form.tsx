import { EMAIL_PATTERN, PHONE_PATTERN } from '@suanli/contract';
import { App, Button, Flex, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '@/shared/http';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useCaptcha } from '../api/get-captcha';
import { useUpdateEmail } from '../api/update-email';
import { useUpdatePhone } from '../api/update-phone';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { countdownKey } from './code-countdowns';
import { useCodeSender } from './use-code-sender';

export type ContactKind = 'phone' | 'email';

interface ContactValues {
  oldCode?: string;
  contact: string;
  captcha?: string;
  code: string;
}

interface ContactChangeFormProps {
  kind: ContactKind;
  /** The account's current phone or e-mail, masked as the server shows it; null when none is bound yet. */
  current: string | null;
  onDone: () => void;
}

/** What differs between the phone and the e-mail: the pattern, the purposes, the channel and the server's names. */
const KINDS = {
  phone: { pattern: PHONE_PATTERN, channel: 'sms', autoComplete: 'tel', inputMode: 'tel', maxLength: 11 },
  email: { pattern: EMAIL_PATTERN, channel: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
} as const;

/** The request fields the server names in a refusal, and the form fields they are shown under. */
const SERVER_FIELDS = {
  phone: { phonenumber: 'contact', phone: 'contact', verificationCode: 'code', oldPhoneCode: 'oldCode' },
  email: { email: 'contact', emailCode: 'code', oldEmailCode: 'oldCode' },
} as const;

/**
 * Binding or changing the phone or the e-mail, as a bank's user center does (issue 7 point 8, issue 9). An account
 * that has one proves it first: step 1 sends a code to the current, masked phone or e-mail and takes it; step 2 takes
 * the new one and the code sent to it. A first binding has step 2 only. Both codes go to the server together, which
 * judges them; a refused current-code sends the user back to step 1 with the server's words under it.
 */
export function ContactChangeForm({ kind, current, onDone }: ContactChangeFormProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactValues>();
  const [step, setStep] = useState<'old' | 'new'>(current ? 'old' : 'new');
  const contact = Form.useWatch('contact', form);
  // One captcha for both steps: only one is shown at a time, and each code sent spends it and fetches the next.
  const { captcha, refresh } = useCaptcha(`${kind}-change`);
  const updatePhone = useUpdatePhone();
  const updateEmail = useUpdateEmail();
  const config = KINDS[kind];
  const text = (key: string, values?: Record<string, string>) => t(`security.contact.${kind}.${key}`, values);
  const failure = (reason: string) => void message.error(reason);
  const sendOld = useCodeSender({
    form,
    to: { current: config.channel },
    purpose: kind === 'phone' ? 'oldPhone' : 'oldEmail',
    captcha,
    refreshCaptcha: refresh,
    onFailure: failure,
  });
  const sendNew = useCodeSender({
    form,
    to: { field: 'contact' },
    purpose: kind,
    captcha,
    refreshCaptcha: refresh,
    onFailure: failure,
  });

  const next = async () => {
    if (await form.validateFields(['oldCode']).catch(() => null)) {
      setStep('new');
    }
  };

  const save = (values: Required<Pick<ContactValues, 'contact' | 'code'>> & { oldCode?: string }) =>
    kind === 'phone'
      ? updatePhone.mutateAsync({
          phonenumber: values.contact,
          verificationCode: values.code,
          oldPhoneCode: values.oldCode,
        })
      : updateEmail.mutateAsync({ email: values.contact, emailCode: values.code, oldEmailCode: values.oldCode });

  // The captcha was spent by the code send; the change itself needs the codes and the new phone or e-mail.
  const submit = async () => {
    const values = await form.validateFields(['contact', 'code']).catch(() => null);
    if (!values) {
      return;
    }
    const oldCode = current ? String(form.getFieldValue('oldCode') ?? '').trim() : undefined;
    try {
      await save({ contact: values.contact.trim(), code: values.code.trim(), oldCode });
    } catch (error) {
      if (isHttpError(error) && (error.field === 'oldPhoneCode' || error.field === 'oldEmailCode')) {
        setStep('old');
        form.setFields([{ name: 'oldCode', errors: [error.serverMessage] }]);
        return;
      }
      reportFormError(form, error, { fields: SERVER_FIELDS[kind] });
      return;
    }
    void message.success(text('saved'));
    onDone();
  };

  return (
    <Form form={form} layout="vertical" data-testid={`${kind}-change-form`}>
      {current ? (
        <Steps
          size="small"
          current={step === 'old' ? 0 : 1}
          style={{ marginBottom: 24 }}
          items={[{ title: text('stepOld') }, { title: text('stepNew') }]}
        />
      ) : null}
      {/* Both steps stay mounted, the other one hidden, so that a refusal can be shown under a field of either. */}
      {current ? (
        <div hidden={step !== 'old'}>
          <Typography.Paragraph>
            {text('oldHint')}{' '}
            <Typography.Text strong data-testid={`${kind}-old-masked`}>
              {current}
            </Typography.Text>
          </Typography.Paragraph>
          <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix={`${kind}-old`} labelled />
          <CodeField
            onSend={sendOld}
            countdownKey={countdownKey(`old-${kind}`, current ?? '')}
            testIdPrefix={`${kind}-old`}
            name="oldCode"
            labelled
            label={text('oldCode')}
          />
          <Button type="primary" onClick={() => void next()} data-testid={`${kind}-old-next`}>
            {t('security.contact.next')}
          </Button>
        </div>
      ) : null}
      <div hidden={step !== 'new'}>
        <Form.Item
          name="contact"
          label={text('new')}
          rules={[
            { required: true, whitespace: true, message: text('required') },
            { pattern: config.pattern, message: text('format') },
          ]}
        >
          <Input
            autoComplete={config.autoComplete}
            inputMode={config.inputMode}
            maxLength={config.maxLength}
            data-testid={`${kind}-new`}
          />
        </Form.Item>
        <CaptchaField captcha={captcha} onRefresh={() => void refresh()} testIdPrefix={kind} labelled />
        <CodeField
          onSend={sendNew}
          countdownKey={countdownKey(kind, contact)}
          testIdPrefix={kind}
          name="code"
          labelled
        />
        <Flex gap={8} wrap>
          <Button
            type="primary"
            loading={updatePhone.isPending || updateEmail.isPending}
            onClick={() => void submit()}
            data-testid={`${kind}-submit`}
          >
            {text('submit')}
          </Button>
          {current ? (
            <Button onClick={() => setStep('old')} data-testid={`${kind}-back`}>
              {t('security.contact.back')}
            </Button>
          ) : null}
        </Flex>
      </div>
    </Form>
  );
}

import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

interface CodeFieldProps {
  onSend: () => Promise<boolean>;
  /** Whose resend count the button shows (see SendCodeButton). */
  countdownKey: string;
  testIdPrefix: string;
  /** The form field the code goes in. */
  name?: string;
  /** Forms with labelled fields (the user center) show the label; the login dialog keeps it for screen readers. */
  labelled?: boolean;
  label?: string;
}

/** The six-digit one-time code with its send button (spec §4 "Verification code send"). */
export function CodeField({ onSend, countdownKey, testIdPrefix, name, labelled = false, label }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const text = label ?? t('form.codeLabel');
  return (
    <Form.Item required label={labelled ? text : undefined}>
      <Flex gap={8}>
        <Form.Item
          name={name ?? 'verificationCode'}
          noStyle
          rules={[{ required: true, whitespace: true, message: t('validation.codeRequired') }]}
        >
          <Input
            placeholder={t('form.codePlaceholder')}
            aria-label={text}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-testid={`${testIdPrefix}-code`}
          />
        </Form.Item>
        <SendCodeButton onSend={onSend} countdownKey={countdownKey} testId={`${testIdPrefix}-send-code`} />
      </Flex>
    </Form.Item>
  );
}

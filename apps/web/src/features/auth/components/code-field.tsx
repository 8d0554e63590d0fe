import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

interface CodeFieldProps {
  onSend: () => Promise<boolean>;
  testIdPrefix: string;
  /** The form field the code is kept in; a form asking for two codes names the second one. */
  name?: string;
  /** The label in labelled forms, when it is not the plain "verification code". */
  label?: string;
  /** Forms with labelled fields (the user center) label this one too; the login dialog goes by placeholders. */
  labelled?: boolean;
}

/** The six-digit one-time code with its send button (spec §4 "Verification code send"). */
export function CodeField({
  onSend,
  testIdPrefix,
  name = 'verificationCode',
  label,
  labelled = false,
}: CodeFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item required label={labelled ? (label ?? t('form.codeLabel')) : undefined}>
      <Flex gap={8}>
        <Form.Item
          name={name}
          noStyle
          rules={[{ required: true, whitespace: true, message: t('validation.codeRequired') }]}
        >
          <Input
            placeholder={t('form.codePlaceholder')}
            autoComplete="one-time-code"
            maxLength={6}
            data-testid={`${testIdPrefix}-code`}
          />
        </Form.Item>
        <SendCodeButton onSend={onSend} testId={`${testIdPrefix}-send-code`} />
      </Flex>
    </Form.Item>
  );
}

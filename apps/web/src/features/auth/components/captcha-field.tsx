import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha';

interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  onRefresh: () => void;
  testIdPrefix: string;
  /** Forms with labelled fields (the user center) label this one too; the login dialog goes by placeholders. */
  labelled?: boolean;
}

/** The arithmetic captcha (spec §5): an answer field beside the image, which asks for a new one when clicked. */
export function CaptchaField({ captcha, onRefresh, testIdPrefix, labelled = false }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  if (!captcha?.captchaEnabled) {
    return null;
  }
  return (
    <Form.Item required label={labelled ? t('form.captchaLabel') : undefined}>
      <Flex gap={8}>
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('validation.captchaRequired') }]}
        >
          <Input
            placeholder={t('form.captchaPlaceholder')}
            aria-label={t('form.captchaLabel')}
            autoComplete="off"
            maxLength={10}
            data-testid={`${testIdPrefix}-captcha-input`}
          />
        </Form.Item>
        <img
          src={captcha.img}
          alt={t('form.captchaAlt')}
          title={t('form.captchaRefresh')}
          onClick={onRefresh}
          data-testid={`${testIdPrefix}-captcha-img`}
          data-uuid={captcha.uuid}
          style={{ height: 32, cursor: 'pointer', borderRadius: 6, flex: 'none' }}
        />
      </Flex>
    </Form.Item>
  );
}

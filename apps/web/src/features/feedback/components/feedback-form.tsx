import { FEEDBACK_LIMITS } from '@suanli/contract';
import { App, Button, Form, Input, Result, Typography, type UploadFile } from 'antd';
import { useState } from 'react';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useAddFeedback } from '../api/add-feedback';
import { ScreenshotUpload } from './screenshot-upload';
import { useFeedbackTranslation } from '../use-feedback-translation';

interface FeedbackValues {
  content: string;
  screenshots?: UploadFile<string>[];
}

interface FeedbackFormProps {
  onClose: () => void;
}

/** The feedback form of the menu's dialog (spec §1): text and up to three screenshots; a guest is asked to log in. */
export default function FeedbackForm({ onClose }: FeedbackFormProps) {
  const { t } = useFeedbackTranslation();
  const { message } = App.useApp();
  const isLogin = useSession((state) => state.isLogin);
  const showLogin = useLoginDialog((state) => state.show);
  const [form] = Form.useForm<FeedbackValues>();
  const send = useAddFeedback();
  const [sent, setSent] = useState(false);

  if (!isLogin) {
    return (
      <Result
        status="info"
        title={t('form.loginFirst')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              onClose();
              showLogin();
            }}
            data-testid="feedback-login"
          >
            {t('form.login')}
          </Button>
        }
      />
    );
  }
  if (sent) {
    return (
      <Result
        status="success"
        title={t('form.sentTitle')}
        subTitle={t('form.sentDescription')}
        extra={
          <Button type="primary" onClick={onClose} data-testid="feedback-close">
            {t('form.close')}
          </Button>
        }
        data-testid="feedback-sent"
      />
    );
  }

  const submit = async (values: FeedbackValues) => {
    const screenshots = values.screenshots ?? [];
    if (screenshots.some((file) => file.status !== 'done')) {
      void message.warning(t('form.uploading'));
      return;
    }
    try {
      await send.mutateAsync({
        content: values.content,
        screenshots: screenshots.flatMap((file) => (file.response ? [file.response] : [])),
      });
      setSent(true);
    } catch (error) {
      reportFormError(form, error, { report: () => void message.error(t('form.failed')) });
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="feedback-form">
      <Typography.Paragraph type="secondary">{t('form.intro')}</Typography.Paragraph>
      <Form.Item
        name="content"
        label={t('form.contentLabel')}
        rules={[{ required: true, whitespace: true, message: t('form.contentRequired') }]}
      >
        <Input.TextArea
          rows={5}
          maxLength={FEEDBACK_LIMITS.contentMax}
          showCount
          placeholder={t('form.contentPlaceholder')}
          data-testid="feedback-content"
        />
      </Form.Item>
      <Form.Item
        name="screenshots"
        label={t('form.screenshotsLabel', { count: FEEDBACK_LIMITS.screenshotsMax })}
        extra={t('form.screenshotsHint')}
        valuePropName="value"
      >
        <ScreenshotUpload />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={send.isPending} data-testid="feedback-submit">
        {t('form.submit')}
      </Button>
    </Form>
  );
}

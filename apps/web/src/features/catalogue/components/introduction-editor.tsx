import { LIMITS } from '@suanli/contract';
import { Alert, App, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isHttpError } from '@/shared/http';
import { useReviseImageIntroduction } from '../api/revise-image-introduction';

interface IntroductionEditorProps {
  imageId: string;
  introduction: string;
  open: boolean;
  onClose: () => void;
}

/** The owner's editor of an image's introduction: Markdown in a text area, saved for the console's language. */
export default function IntroductionEditor({ imageId, introduction, open, onClose }: IntroductionEditorProps) {
  const { t } = useTranslation('catalogue');
  const { message } = App.useApp();
  const fieldId = useId();
  const [text, setText] = useState(introduction);
  const revise = useReviseImageIntroduction();
  const failure = revise.error && isHttpError(revise.error) ? errorText(revise.error, (key) => t(key)) : null;
  const tooLong = text.length > LIMITS.imageIntroductionMaxLength;

  const save = () => {
    revise.mutate(
      { id: imageId, introduction: text },
      {
        onSuccess: () => {
          void message.success(t('editor.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('editor.title')}
      onCancel={onClose}
      onOk={save}
      okText={t('editor.save')}
      cancelText={t('editor.cancel')}
      okButtonProps={
        { loading: revise.isPending, disabled: tooLong, 'data-testid': 'introduction-save' } as ButtonProps
      }
      width={720}
      destroyOnHidden
    >
      <label htmlFor={fieldId}>{t('editor.label')}</label>
      <Input.TextArea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 10, maxRows: 24 }}
        status={tooLong ? 'error' : undefined}
        style={{ marginTop: 8, fontFamily: 'monospace' }}
        data-testid="introduction-text"
      />
      <Typography.Paragraph type={tooLong ? 'danger' : 'secondary'} style={{ marginTop: 8 }}>
        {tooLong ? t('editor.tooLong', { max: LIMITS.imageIntroductionMaxLength }) : t('editor.hint')}
      </Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} data-testid="introduction-error" /> : null}
    </Modal>
  );
}

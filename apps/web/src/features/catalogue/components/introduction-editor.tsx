import { LIMITS } from '@suanli/contract';
import { Alert, App, Input, Modal, Typography, type ButtonProps } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isHttpError } from '@/shared/http';
import { useReviseImageIntroduction } from '../api/revise-image-introduction';
import { useReviseOfficialImageIntroduction } from '../api/revise-official-image-introduction';

interface IntroductionEditorProps {
  imageId: string;
  /** An official image is revised through the operators' call, with a reason for the audit log. */
  official: boolean;
  introduction: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The editor of an image's introduction, for its owner or, on an official image, an operator: Markdown in a text
 * area, saved for the console's language.
 */
export default function IntroductionEditor({
  imageId,
  official,
  introduction,
  open,
  onClose,
}: IntroductionEditorProps) {
  const { t } = useTranslation('catalogue');
  const { message } = App.useApp();
  const fieldId = useId();
  const reasonId = useId();
  const [text, setText] = useState(introduction);
  const [reason, setReason] = useState('');
  const reviseOwn = useReviseImageIntroduction();
  const reviseOfficial = useReviseOfficialImageIntroduction();
  const revise = official ? reviseOfficial : reviseOwn;
  const failure = revise.error && isHttpError(revise.error) ? errorText(revise.error, (key) => t(key)) : null;
  const tooLong = text.length > LIMITS.imageIntroductionMaxLength;

  const save = () => {
    const saved = {
      onSuccess: () => {
        void message.success(t('editor.saved'));
        onClose();
      },
    };
    if (official) {
      reviseOfficial.mutate({ id: imageId, introduction: text, reason }, saved);
    } else {
      reviseOwn.mutate({ id: imageId, introduction: text }, saved);
    }
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
        {
          loading: revise.isPending,
          disabled: tooLong || (official && reason.trim() === ''),
          'data-testid': 'introduction-save',
        } as ButtonProps
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
      {official ? (
        <>
          <label htmlFor={reasonId}>{t('editor.reason')}</label>
          <Input
            id={reasonId}
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
            placeholder={t('editor.reasonHint')}
            style={{ marginTop: 8, marginBottom: 8 }}
            data-testid="introduction-reason"
          />
        </>
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} data-testid="introduction-error" /> : null}
    </Modal>
  );
}

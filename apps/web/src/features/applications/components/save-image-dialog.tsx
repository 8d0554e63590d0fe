import { App, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { userImages } from '@suanli/contract';
import { useState } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import type { ApplicationRow } from '../api/list-applications';
import { useSaveImage } from '../api/save-image';
import { useApplicationsTranslation } from '../use-applications-translation';

/** Saves the application's data disk as an image, with the name and the remark entered here (spec §5). */
export function SaveImageDialog({ row, onClose }: { row: ApplicationRow; onClose: () => void }) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const save = useSaveImage();
  const [name, setName] = useState(row.appName.slice(0, userImages.USER_IMAGE_NAME_MAX_LENGTH));
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > userImages.USER_IMAGE_NAME_MAX_LENGTH) {
      setProblem(t('contract:validation.userImageName'));
      return;
    }
    save.mutate(
      { applicationId: row.id, name: trimmed, remark: remark.trim() },
      {
        onSuccess: () => {
          void message.success(<span data-testid="save-image-done">{t('saveImage.done')}</span>);
          onClose();
        },
        onError: (error) => setProblem(isHttpError(error) ? errorText(error, (key) => t(key)) : String(error)),
      },
    );
  };

  return (
    <Modal
      open
      title={t('saveImage.title', { name: row.appName })}
      onCancel={onClose}
      onOk={submit}
      okText={t('saveImage.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'save-image-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('saveImage.name')}
          htmlFor="save-image-name"
          validateStatus={problem ? 'error' : undefined}
          help={problem ? <span data-testid="save-image-problem">{problem}</span> : undefined}
        >
          <Input
            id="save-image-name"
            value={name}
            maxLength={userImages.USER_IMAGE_NAME_MAX_LENGTH}
            onChange={(event) => {
              setProblem(null);
              setName(event.target.value);
            }}
            data-testid="save-image-name"
          />
        </Form.Item>
        <Form.Item label={t('saveImage.remark')} htmlFor="save-image-remark" extra={t('saveImage.remarkHint')}>
          <Input.TextArea
            id="save-image-remark"
            value={remark}
            maxLength={userImages.USER_IMAGE_REMARK_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => setRemark(event.target.value)}
            data-testid="save-image-remark"
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('saveImage.note')}</Typography.Text>
      </Form>
    </Modal>
  );
}

import { App, Form, Input, Modal, type ButtonProps } from 'antd';
import { isPhone } from '@suanli/contract';
import { useState } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import { useShareImage } from '../api/share-image';
import type { UserImage } from '../api/list-user-images';
import { useImagesTranslation } from '../use-images-translation';

/** Shares the image with the user registered under a phone number; a refusal shows under the field. */
export function ShareImageDialog({ image, onClose }: { image: UserImage; onClose: () => void }) {
  const { t } = useImagesTranslation();
  const { message } = App.useApp();
  const share = useShareImage();
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!isPhone(phone.trim())) {
      setProblem(t('contract:validation.phone'));
      return;
    }
    share.mutate(
      { imageId: image.id, phone: phone.trim() },
      {
        onSuccess: () => {
          void message.success(t('share.done'));
          onClose();
        },
        onError: (error) => setProblem(isHttpError(error) ? errorText(error, (key) => t(key)) : String(error)),
      },
    );
  };

  return (
    <Modal
      open
      title={t('share.title', { name: image.name })}
      onCancel={onClose}
      onOk={submit}
      okText={t('share.ok')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: share.isPending, 'data-testid': 'image-share-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('share.phone')}
          htmlFor="image-share-phone"
          validateStatus={problem ? 'error' : undefined}
          help={problem ? <span data-testid="image-share-problem">{problem}</span> : t('share.hint')}
        >
          <Input
            id="image-share-phone"
            inputMode="tel"
            maxLength={11}
            value={phone}
            onChange={(event) => {
              setProblem(null);
              setPhone(event.target.value);
            }}
            data-testid="image-share-phone"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

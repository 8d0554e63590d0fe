import { PlusOutlined } from '@ant-design/icons';
import { FEEDBACK_LIMITS } from '@suanli/contract';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { SCREENSHOT_TYPES, uploadScreenshot } from '../api/upload-screenshot';
import { useFeedbackTranslation } from '../use-feedback-translation';

const MAX_BYTES = 5 * 1024 * 1024;

interface ScreenshotUploadProps {
  value?: UploadFile<string>[];
  onChange?: (files: UploadFile<string>[]) => void;
}

/**
 * Up to three screenshots, each uploaded to the object store as soon as it is chosen and shown as a preview; a
 * finished one carries its object key as `response`. A Form.Item control: the form holds the list.
 */
export function ScreenshotUpload({ value = [], onChange }: ScreenshotUploadProps) {
  const { t } = useFeedbackTranslation();
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!SCREENSHOT_TYPES.includes(file.type)) {
      void message.error(t('form.wrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_BYTES) {
      void message.error(t('form.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<string>['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadScreenshot(file as File, (percent) => onProgress?.({ percent })).then(
      (key) => onSuccess?.(key),
      (error: unknown) => {
        void message.error(t('form.uploadFailed'));
        onError?.(error instanceof Error ? error : new Error('upload failed'));
      },
    );
  };

  return (
    <Upload<string>
      listType="picture-card"
      accept={SCREENSHOT_TYPES.join(',')}
      multiple
      maxCount={FEEDBACK_LIMITS.screenshotsMax}
      fileList={value}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange?.(fileList.filter((file) => file.status !== 'error'))}
      showUploadList={{ showPreviewIcon: false }}
      data-testid="feedback-screenshots"
    >
      {value.length < FEEDBACK_LIMITS.screenshotsMax ? (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('form.addScreenshot')}</div>
        </button>
      ) : null}
    </Upload>
  );
}

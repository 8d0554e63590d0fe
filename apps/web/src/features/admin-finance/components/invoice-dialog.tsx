import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Upload, type UploadFile, type UploadProps } from 'antd';
import { formatMoneyText } from '@/shared/format/money';
import { useDecideInvoice, type InvoiceFileType, type InvoiceRow } from '../api/invoices';
import { useAdminFinanceTranslation } from '../use-admin-finance-translation';
import { ReasonDialog } from '@/shared/ui/reason-dialog';

export type InvoiceVerb = 'complete' | 'reject';

// What the server accepts as an invoice file (createInvoiceFileUpload), and the most it takes.
const FILE_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'] satisfies InvoiceFileType[];
const MAX_BYTES = 10 * 1_048_576;

interface Values {
  file?: UploadFile[];
  note?: string;
}

/**
 * Completes an application with its invoice file (uploaded to the store, then attached), or rejects it with the note
 * its user reads beside it; either with the reason the audit log keeps.
 */
export function InvoiceDialog({
  verb,
  application,
  onClose,
}: {
  verb: InvoiceVerb;
  application: InvoiceRow;
  onClose: () => void;
}) {
  const { t } = useAdminFinanceTranslation();
  const { message } = App.useApp();
  const decide = useDecideInvoice();
  const params = { title: application.details.title, amount: formatMoneyText(application.amount) };
  const text = (key: string) => t(`invoices.${verb}.${key}`, params);

  // The file stays in the form until OK; nothing is sent while the operator is still choosing.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!FILE_TYPES.includes(file.type) || file.size > MAX_BYTES) {
      void message.error(t('invoices.complete.wrongFile'));
      return Upload.LIST_IGNORE;
    }
    return false;
  };

  const submit = async ({ file, note, reason }: Values & { reason: string }) => {
    await decide.mutateAsync(
      verb === 'complete'
        ? { verb, id: application.id, file: file![0]!.originFileObj as File, reason }
        : { verb, id: application.id, note: note ?? '', reason },
    );
    void message.success(text('done'));
  };

  return (
    <ReasonDialog<Values>
      title={text('title')}
      description={text('description')}
      okText={text('ok')}
      danger={verb === 'reject'}
      onSubmit={submit}
      onClose={onClose}
      testId={`invoice-${verb}`}
    >
      {verb === 'complete' ? (
        <Form.Item
          name="file"
          label={t('invoices.complete.file')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
          rules={[{ required: true, message: t('invoices.complete.fileRequired') }]}
        >
          <Upload accept=".pdf,.png,.jpg,.jpeg" maxCount={1} beforeUpload={beforeUpload}>
            <Button icon={<UploadOutlined />} data-testid="invoice-complete-file">
              {t('invoices.complete.choose')}
            </Button>
          </Upload>
        </Form.Item>
      ) : (
        <Form.Item
          name="note"
          label={t('invoices.reject.note')}
          rules={[{ required: true, whitespace: true, message: t('contract:validation.rejectionNote') }]}
        >
          <Input.TextArea maxLength={200} rows={3} data-testid="invoice-reject-note" />
        </Form.Item>
      )}
    </ReasonDialog>
  );
}

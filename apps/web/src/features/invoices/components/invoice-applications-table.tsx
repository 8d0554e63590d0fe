import type { InvoiceStatus, InvoiceType } from '@suanli/contract';
import { App, Button, Flex, Space, Tag, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { MoneyText } from '@/shared/ui/money-text';
import { PagedTable } from '@/shared/ui/paged-table';
import { errorText, isHttpError } from '@/shared/http';
import { getInvoiceFileLink } from '../api/get-invoice-file-link';
import {
  useInvoiceApplicationPages,
  type InvoiceApplication,
  type InvoiceApplicationPage,
} from '../api/list-invoice-applications';
import { useRevokeInvoiceApplication } from '../api/revoke-invoice-application';
import { useInvoicesTranslation } from '../use-invoices-translation';

const STATUS_COLOURS: Record<InvoiceStatus, string> = {
  submitted: 'processing',
  modified: 'processing',
  completed: 'success',
  revoked: 'default',
  rejected: 'error',
};

/** Downloads through a link asked for at the click, under the name the invoice was issued with. */
async function download(id: string) {
  const link = await getInvoiceFileLink(id);
  const anchor = document.createElement('a');
  anchor.href = link.url;
  // Saved rather than opened; the name is the one the link's Content-Disposition gives.
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The user's invoice applications with their status and a rejection's note; those under review can be edited or
 * revoked (after a confirmation), a rejected one corrected and submitted again, a completed one downloaded.
 */
export function InvoiceApplicationsTable({ onChange }: { onChange: (application: InvoiceApplication) => void }) {
  const { t } = useInvoicesTranslation();
  const { message, modal } = App.useApp();
  const paged = useInvoiceApplicationPages();
  const revoke = useRevokeInvoiceApplication();

  const confirmRevoke = (application: InvoiceApplication) =>
    modal.confirm({
      title: t('list.revokeConfirm.title'),
      content: t('list.revokeConfirm.content', { amount: application.amount }),
      okText: t('list.revokeConfirm.ok'),
      cancelText: t('list.revokeConfirm.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'invoice-revoke-ok' } as ButtonProps,
      onOk: () =>
        revoke.mutateAsync(application.id).then(
          () => void message.success(t('list.revoked')),
          (error: unknown) => {
            const text = isHttpError(error) ? errorText(error, (key) => t(key)) : null;
            if (text) {
              void message.error(text);
            }
          },
        ),
    });

  const columns: TableColumnsType<InvoiceApplication> = [
    {
      key: 'createTime',
      title: t('list.columns.createTime'),
      render: (_, row) => <DateTime value={row.createTime} />,
    },
    { key: 'title', dataIndex: 'title', title: t('list.columns.title') },
    {
      key: 'type',
      title: t('list.columns.type'),
      render: (_, row) => t(`contract:enums.invoiceType.${row.type satisfies InvoiceType}`),
    },
    {
      key: 'amount',
      title: t('list.columns.amount'),
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      render: (_, row) => (
        <Flex vertical align="flex-start">
          <Tag color={STATUS_COLOURS[row.status]} data-testid={`invoice-status-${row.id}`}>
            {t(`contract:enums.invoiceStatus.${row.status}`)}
          </Tag>
          {row.rejectionNote ? (
            <Typography.Text type="danger" data-testid={`invoice-rejection-${row.id}`}>
              {t('list.rejectionNote', { note: row.rejectionNote })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'remark', dataIndex: 'remark', title: t('list.columns.remark') },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_, row) => (
        <Space size={0} wrap>
          {row.status === 'submitted' || row.status === 'modified' ? (
            <>
              <Button type="link" onClick={() => onChange(row)} data-testid={`invoice-edit-${row.id}`}>
                {t('list.edit')}
              </Button>
              <Button type="link" danger onClick={() => confirmRevoke(row)} data-testid={`invoice-revoke-${row.id}`}>
                {t('list.revoke')}
              </Button>
            </>
          ) : null}
          {row.status === 'rejected' ? (
            <Button type="link" onClick={() => onChange(row)} data-testid={`invoice-resubmit-${row.id}`}>
              {t('list.resubmit')}
            </Button>
          ) : null}
          {row.hasFile ? (
            <Button
              type="link"
              onClick={() => void download(row.id).catch(() => message.error(t('contract:invoices.noFile')))}
              data-testid={`invoice-download-${row.id}`}
            >
              {t('list.download')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PagedTable<InvoiceApplicationPage>
      rowKey="id"
      columns={columns}
      paged={paged}
      emptyText={t('list.empty')}
      scroll={{ x: 'max-content' }}
      data-testid="invoice-applications"
    />
  );
}

import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ReasonDialog, type WithReason } from '@/shared/ui/reason-dialog';
import { useCreateNotice, useUpdateNotice, type NoticeRow } from '../api/notices';
import { useAdminSupportTranslation } from '../use-admin-support-translation';

interface NoticeValues {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  /** Empty: the notice goes out as soon as it is saved. */
  publishTime?: Dayjs | null;
}

const TEXTS = [
  { name: 'titleZh', max: 100, rows: 0 },
  { name: 'titleEn', max: 100, rows: 0 },
  { name: 'contentZh', max: 5000, rows: 4 },
  { name: 'contentEn', max: 5000, rows: 4 },
] as const;

/**
 * Writes a platform notice in both languages, or rewrites one not yet out (`editing`), with the time it goes out
 * (empty: now) and the reason the audit log keeps. The server says when the time has passed on its business clock.
 */
export function NoticeDialog({ editing, onClose }: { editing: NoticeRow | null; onClose: () => void }) {
  const { t } = useAdminSupportTranslation();
  const create = useCreateNotice();
  const update = useUpdateNotice();

  const submit = ({ publishTime, ...values }: WithReason<NoticeValues>) => {
    const body = { ...values, publishTime: publishTime ? publishTime.toISOString() : undefined };
    return editing
      ? update.mutateAsync({ ...body, id: editing.id, version: editing.version })
      : create.mutateAsync(body);
  };

  return (
    <ReasonDialog<NoticeValues>
      title={editing ? t('notices.editTitle') : t('notices.createTitle')}
      okText={editing ? t('notices.save') : t('notices.create')}
      doneText={editing ? t('notices.saved') : t('notices.created')}
      initialValues={editing ? { ...editing, publishTime: dayjs(editing.publishTime) } : {}}
      onSubmit={submit}
      onClose={onClose}
      testId="notice-dialog"
    >
      {TEXTS.map(({ name, max, rows }) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`notices.fields.${name}`)}
          rules={[{ required: true, whitespace: true, message: t(`contract:validation.notices.${name}`) }]}
        >
          {rows ? (
            <Input.TextArea rows={rows} maxLength={max} data-testid={`notice-${name}`} />
          ) : (
            <Input maxLength={max} autoComplete="off" data-testid={`notice-${name}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item
        name="publishTime"
        htmlFor="notice-publish-time"
        label={t('notices.fields.publishTime')}
        extra={t('notices.publishTimeHint')}
      >
        <DatePicker
          id="notice-publish-time"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          needConfirm={false}
        />
      </Form.Item>
    </ReasonDialog>
  );
}

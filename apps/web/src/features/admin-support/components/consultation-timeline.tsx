import { Button, Empty, Flex, Form, Input, Modal, Spin, Tag, Timeline, Typography } from 'antd';
import { DateTime } from '@/shared/ui/date-time';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useAddConsultationNote, useConsultationNotes, type ConsultationRow } from '../api/consultations';
import { useAdminSupportTranslation } from '../use-admin-support-translation';

/** The notes of a lead, oldest first, each move of its state among them, and a note to add (kept in the audit log). */
export function ConsultationTimeline({ lead, onClose }: { lead: ConsultationRow; onClose: () => void }) {
  const { t } = useAdminSupportTranslation();
  const notes = useConsultationNotes(lead.id);
  const add = useAddConsultationNote();
  const [form] = Form.useForm<{ reason: string }>();

  const submit = async ({ reason }: { reason: string }) => {
    const done = await add.mutateAsync({ id: lead.id, reason }).catch((error: unknown) => reportFormError(form, error));
    if (done) {
      form.resetFields();
    }
  };

  const items = (notes.data ?? []).map((note) => ({
    key: note.id,
    children: (
      <Flex vertical gap={4} data-testid="consultation-note">
        <Typography.Text type="secondary">
          <DateTime value={note.createTime} /> · {t('consultations.author', { id: note.authorId })}
        </Typography.Text>
        {note.state ? <Tag style={{ width: 'fit-content' }}>{t(`consultations.states.${note.state}`)}</Tag> : null}
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{note.note}</Typography.Text>
      </Flex>
    ),
  }));

  return (
    <Modal
      open
      title={t('consultations.timelineTitle', { name: lead.name, company: lead.company })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="consultation-timeline">
        {notes.isPending ? <Spin /> : null}
        {notes.data && items.length === 0 ? <Empty description={t('consultations.noNotes')} /> : null}
        {items.length > 0 ? <Timeline items={items} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item
            name="reason"
            label={t('consultations.note')}
            rules={[{ required: true, whitespace: true, message: t('contract:validation.operatorReason') }]}
          >
            <Input.TextArea rows={2} maxLength={200} data-testid="consultation-note-input" />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={add.isPending} data-testid="consultation-note-add">
            {t('consultations.addNote')}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
